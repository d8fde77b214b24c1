import gc
import sys

# start-up's objects live as long as the process: no collection among them until the
# app's first frame (companion.app) or a command's start (companion.cli) turns it back on
gc.disable()

from companion.cli import main  # noqa: E402

sys.exit(main())
