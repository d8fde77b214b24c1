"""The table's readers in a process of their own: a PN532 and a bridge on pseudo-terminals.

``python -m bench.emulator_host`` prints the PN532's port, then the bridge's, one a line,
and keeps both answering until its standard input closes; then it prints what they were
asked (so a measurement can tell that the app really talked to both). Their CPU time is
theirs, so measuring the app beside them counts only the app's side of the line.
"""

from __future__ import annotations

import sys

from companion.devices.emulators import BridgeEmulator, Pn532Emulator, PtyPort

BAUD = 115200


def main() -> int:
    pn532_port, bridge_port = PtyPort(), PtyPort()
    pn532 = Pn532Emulator(pn532_port, baud=BAUD)
    bridge = BridgeEmulator(bridge_port, ("seat1", "vault"), heartbeat=1.0, baud=BAUD)
    pn532.start()
    bridge.start()
    print(pn532_port.path, bridge_port.path, sep="\n", flush=True)
    sys.stdin.read()  # until the measuring process closes our input
    pn532.unplug()
    bridge.unplug()
    print(f"pn532 waits {pn532.waits} aborts {pn532.aborts}; bridge hellos {bridge.hellos}",
          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
