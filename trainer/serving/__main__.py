"""``python -m trainer.serving``: start a class (see :mod:`trainer.serving.serve`), or one machine's part
in a district (``app``, ``balancer``, ``state``: see :mod:`trainer.serving.roles`)."""

import sys

from trainer.serving import roles
from trainer.serving.serve import main

if sys.argv[1:2] and sys.argv[1] in roles.ROLES:
    roles.main(sys.argv[1:])
else:
    main()
