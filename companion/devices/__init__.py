"""The physical side: GPIO buttons, serial NFC readers, and stand-ins for a laptop.

Devices only ever put :mod:`companion.core.events` on the input queue; see ``docs/devices.md``.
May import :mod:`companion.core` alone.
"""

from companion.devices.config import (
    DeviceConfig,
    DeviceConfigError,
    default_config_path,
    load_device_config,
)
from companion.devices.manager import Devices, start_devices

__all__ = [
    "DeviceConfig",
    "DeviceConfigError",
    "Devices",
    "default_config_path",
    "load_device_config",
    "start_devices",
]
