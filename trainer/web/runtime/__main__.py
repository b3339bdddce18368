"""``python -m trainer.web.runtime``: each runtime module's record beside the installed libraries, and the record
to paste in after an upgrade (docs/contributing.md, "Upgrading Streamlit"). Exits 1 when any record differs."""

from __future__ import annotations

import sys

from trainer.web.runtime import records


def main() -> int:
    differs = False
    for written, now, found in records():
        if not found:
            print(f"{written.name}: matches the installed libraries")
            continue
        differs = True
        print(f"{written.name}: differs")
        for line in found:
            print(f"  - {line}")
        print("  the record for the libraries installed now:")
        print(f"    versions={dict(now.versions)!r},")
        print("    sources={")
        for path, digest in now.sources.items():
            print(f"        {path!r}: {digest!r},")
        print("    },")
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main())
