"""The client guide's error table (docs/README.md, "Errors") lists every problem a client can meet, with its status:
every code the contract's responses name (openapi.yaml `components.responses`, 429 `rate_limited` and 503
`storage_unavailable` among them) and every platform code of its `ProblemCode` (the HTTP layer's generic
names aside, but for the three a client meets: `not_found`, `method_not_allowed`, `request_entity_too_large`)."""

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\| ([0-9, ]+) \| (.+?) \|.*\|$")
CODE = re.compile(r"`([a-z][a-z0-9_.<>*]*)`")
MET_GENERIC = {"not_found", "method_not_allowed", "request_entity_too_large"}


def contract() -> dict:
    return yaml.load((ROOT / "openapi.yaml").read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def documented() -> dict[str, set[int]]:
    """code -> the statuses the guide's error table gives it (`tournament.<rule>` stands for each of its rules)."""
    text = (ROOT / "docs" / "README.md").read_text()
    section = text.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    table: dict[str, set[int]] = {}
    for line in section.splitlines():
        row = ROW.match(line)
        if row:
            statuses = {int(s) for s in row.group(1).replace(" ", "").split(",")}
            for code in CODE.findall(row.group(2)):
                table.setdefault(code, set()).update(statuses)
    return table


def answered(spec: dict) -> dict[str, set[int]]:
    """code -> statuses, from every problem the contract's responses declare."""
    found: dict[str, set[int]] = {}
    for response in spec["components"]["responses"].values():
        for media in (response.get("content") or {}).values():
            for part in (media.get("schema") or {}).get("allOf", ()):
                properties = part.get("properties") or {}
                status, code = properties.get("status", {}).get("const"), properties.get("code", {})
                for name in ([code["const"]] if "const" in code else code.get("enum", ())):
                    found.setdefault(name, set()).add(status)
    return found


def platform_codes(spec: dict) -> set[str]:
    codes = set()
    for alternative in spec["components"]["schemas"]["ProblemCode"]["anyOf"]:
        generic = alternative.get("description", "").startswith("werkzeug")
        codes |= {c for c in alternative.get("enum", ()) if not generic or c in MET_GENERIC}
    return codes


def test_every_code_a_client_meets_is_in_the_guides_error_table_with_its_status():
    spec, table = contract(), documented()
    for code, statuses in answered(spec).items():
        code = re.sub(r"\..*", ".<rule>", code)
        assert code in table, f"docs/README.md's error table lacks {code}"
        assert statuses - {None} <= table[code], f"{code}: the contract answers {statuses}, the guide {table[code]}"
    missing = platform_codes(spec) - set(table)
    assert not missing, f"docs/README.md's error table lacks {sorted(missing)}"


def test_the_table_says_what_to_do_on_429_and_503():
    table = documented()
    assert 429 in table["rate_limited"] and 503 in table["storage_unavailable"]
