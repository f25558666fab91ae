"""Writes the whole-API fixture's OpenAPI document, as FastAPI writes it, to a file.

Run from the repository's root: python -m reference.whole_api.write [OUT]
(default reference/whole_api/openapi.json). The bytes are deterministic: json.dumps with indent=2
in FastAPI's key order, and a final newline.
"""

import json
import sys
from pathlib import Path

from .app import app

DEFAULT = Path(__file__).with_name("openapi.json")


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else DEFAULT
    out.write_text(json.dumps(app.openapi(), indent=2, sort_keys=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
