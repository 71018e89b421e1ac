"""Check HTTP responses against openapi.yaml: `validate_response(method, path_or_url, response)`.

Works with a `requests.Response` and a Flask test-client response. The operation is found by matching the
request path (a concrete URL like `/v1/games/ab12/commands` or a template like `/v1/games/{game_id}/commands`)
against the spec's paths; the response is then looked up by status code (exact, then `4XX`, then `default`)
and content type, its documented headers are checked, and a JSON body (`application/json`,
`application/problem+json`) is validated with Draft 2020-12, `#/components/...` references resolving
against the whole spec. Anything undocumented or not matching raises AssertionError.
"""

from __future__ import annotations

import json
import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import jsonschema_rs
import yaml
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import best_match
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from domain import registry as games
from service.http import contract

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"
BASE_URI = "urn:bazaar:openapi"
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
JSON_TYPES = ("application/json", "application/problem+json")


@cache
def built() -> dict:
    """The parsed openapi.yaml (loaded once; treat as read-only), with the test suite's own game added to its
    generated parts by the same generator, so platform tests on that game are validated too."""
    with open(SPEC_PATH, encoding="utf-8") as f:
        published = yaml.load(f, Loader=yaml.CSafeLoader)  # libyaml: 0.12 s for the spec, not 0.85 s
    return contract.build(published, contract.product_games() + [games.get("tiny")])


@cache
def spec() -> dict:
    """`built()` with its tagged unions rewritten for the Python validator (see `discriminated`)."""
    return discriminated(built())


def discriminated(node: Any) -> Any:
    """The same schemas, with each `oneOf` + `discriminator` (OpenAPI's tagged union) validated by looking the
    tag up (the `x-tagged` keyword of Validator below): equivalent for these unions (every member fixes the tag
    with a `const`), and it checks one member instead of trying all of them. Trying them all made validating a
    game's worth of responses take minutes; `if`/`then` per member still cost a test per member per instance."""
    if isinstance(node, list):
        return [discriminated(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: discriminated(value) for key, value in node.items()}
    tag = (node.get("discriminator") or {}).get("propertyName")
    mapping = (node.get("discriminator") or {}).get("mapping")
    if tag and mapping and "oneOf" in node:
        node = {key: value for key, value in node.items() if key not in ("oneOf", "discriminator")}
        node["required"] = sorted({*node.get("required", []), tag})
        node["properties"] = {**node.get("properties", {}), tag: {"enum": list(mapping)}}
        node["x-tagged"] = {"tag": tag, "mapping": mapping}
        node.setdefault("type", "object")  # every member is an object: anything else matched none of them
    return node


def _tagged(validator, spec: dict, instance: Any, schema: dict):
    """The member named by the instance's tag (an unknown or missing tag is reported by `enum` / `required`)."""
    if validator.is_type(instance, "object"):
        ref = spec["mapping"].get(instance.get(spec["tag"]))
        if ref is not None:
            yield from validator.descend(instance, {"$ref": ref})


Validator = validators.extend(Draft202012Validator, {"x-tagged": _tagged})


@cache
def registry() -> Registry:
    """The whole spec as one Draft 2020-12 resource, so `#/components/...` resolves inside it."""
    return Registry().with_resource(BASE_URI, DRAFT202012.create_resource(spec()))


# --- JSON pointers and OpenAPI-level $refs ---------------------------------------------------------------


def escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def lookup(pointer: str) -> Any:
    """The node at a local JSON pointer (`/components/schemas/Problem`); KeyError if there is none."""
    node: Any = spec()
    if pointer in ("", "/"):
        return node
    for token in pointer.lstrip("/").split("/"):
        token = unescape(token)
        if isinstance(node, list):
            node = node[int(token)]
        elif isinstance(node, dict) and token in node:
            node = node[token]
        else:
            raise KeyError(f"no {token!r} at #{pointer}")
    return node


def deref(node: Any, pointer: str) -> tuple[Any, str]:
    """Follow OpenAPI `$ref`s (responses, parameters, headers) to the node they name, with its pointer."""
    seen = set()
    while isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"]
        if not ref.startswith("#"):
            raise AssertionError(f"only local $refs are supported, not {ref!r}")
        if ref in seen:
            raise AssertionError(f"$ref cycle at {ref!r}")
        seen.add(ref)
        pointer = ref[1:]
        node = lookup(pointer)
    return node, pointer


_WHOLE = object()


def iter_refs(node: Any = _WHOLE, pointer: str = ""):
    """Every (pointer of the holder, $ref value) in the spec."""
    node = spec() if node is _WHOLE else node
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield pointer, node["$ref"]
        for key, value in node.items():
            yield from iter_refs(value, f"{pointer}/{escape(str(key))}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from iter_refs(value, f"{pointer}/{i}")


# --- finding the operation and the response ---------------------------------------------------------------


@cache
def _templates() -> tuple[tuple[str, re.Pattern], ...]:
    compiled = []
    for template in spec()["paths"]:
        parts = re.split(r"(\{[^}/]+\})", template)
        regex = "".join("[^/]+" if p.startswith("{") and p.endswith("}") else re.escape(p) for p in parts)
        compiled.append((template, re.compile(f"^{regex}$")))
    # literal paths before templated ones, then the more specific (fewer parameters) first
    compiled.sort(key=lambda tc: (tc[0].count("{"), -len(tc[0])))
    return tuple(compiled)


@lru_cache(maxsize=4096)  # a game's few paths are asked thousands of times in a playthrough
def path_template(path_or_url: str) -> str:
    """The spec's path template for a template, a concrete path or a full URL (query string ignored)."""
    path = urlsplit(path_or_url).path or "/"
    paths = spec()["paths"]
    if path in paths:
        return path
    for template, regex in _templates():
        if regex.match(path):
            return template
    raise AssertionError(f"no path in openapi.yaml matches {path!r} (documented: {sorted(paths)})")


def find_operation(method: str, path_or_url: str) -> tuple[str, dict, str]:
    """(template, operation object, JSON pointer of the operation)."""
    template = path_template(path_or_url)
    method = method.lower()
    item, item_pointer = deref(spec()["paths"][template], f"/paths/{escape(template)}")
    if method not in item:
        documented = sorted(m.upper() for m in item if m in METHODS)
        raise AssertionError(f"{method.upper()} {template} is not documented (documented: {documented})")
    return template, item[method], f"{item_pointer}/{method}"


def _status_key(responses: dict, status: int) -> str | None:
    for key in (str(status), f"{status // 100}XX", f"{status // 100}xx", "default"):
        if key in responses:
            return key
    return None


def _media_type(content_type: str | None) -> str:
    return (content_type or "").split(";", 1)[0].strip().lower()


def _content_key(content: dict, media: str) -> str | None:
    if media in content:
        return media
    for key in content:  # media ranges: application/*, */*
        kind, _, sub = key.partition("/")
        if (sub == "*" and media.split("/", 1)[0] == kind) or key == "*/*":
            return key
    return None


# --- validation ---------------------------------------------------------------------------------------------


@cache
def validator(pointer: str) -> Draft202012Validator:
    """A validator for the schema at `pointer` inside the spec (refs resolve against the whole spec)."""
    return Validator({"$ref": f"{BASE_URI}#{pointer}"}, registry=registry())


@cache
def fast_validator(pointer: str):
    """jsonschema-rs (Rust; already pinned for schemathesis) for the schema at `pointer`, on the spec as
    published (plain `oneOf` is cheap there): a whole Istanbul game's responses spent about half of the API
    tests' own CPU in the Python validator."""
    return jsonschema_rs.validator_for({**built(), "$schema": DRAFT_2020_12, "$ref": "#" + quote(pointer, safe="/~")})


CROSS_CHECKED = 5  # instances per schema (per test process) both validators judge: a disagreement shows up, and
# the Python validator (13 ms for a seat's Istanbul view, jsonschema-rs 0.1 ms) spends no more of the suite's CPU
_judged: dict[str, int] = {}


def check(instance: Any, pointer: str, what: str) -> None:
    fast = fast_validator(pointer).is_valid(instance)
    _judged[pointer] = _judged.get(pointer, 0) + 1
    if fast and _judged[pointer] > CROSS_CHECKED:
        return
    errors = list(validator(pointer).iter_errors(instance))  # the reference, with its readable messages
    if fast != (not errors):
        raise AssertionError(f"{what}: jsonschema-rs says {'valid' if fast else 'invalid'}, jsonschema says the "
                             f"opposite at #{pointer}: {[e.message for e in errors][:3]}")
    if errors:
        error = best_match(errors)
        where = "/".join(str(p) for p in error.absolute_path) or "(root)"
        others = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise AssertionError(
            f"{what} does not match #{pointer}: at {where}: {error.message}{others}\n"
            f"body: {json.dumps(instance, indent=None)[:2000]}"
        )


def _status(response) -> int:
    status = getattr(response, "status_code", None)
    if status is None:
        raise AssertionError(f"not an HTTP response: {response!r}")
    return int(status)


def _json_body(response, what: str) -> Any:
    try:
        if hasattr(response, "get_data"):  # Flask / werkzeug test response
            return json.loads(response.get_data(as_text=True))
        body = response.json  # requests: a method
        return body() if callable(body) else body
    except ValueError as err:
        raise AssertionError(f"{what}: the body is not JSON ({err})") from None


def validate_request(method: str, path_template_or_url: str, body: Any) -> None:
    """Assert a JSON request body matches the operation's documented request schema."""
    template, operation, op_pointer = find_operation(method, path_template_or_url)
    request_body, pointer = deref(operation.get("requestBody"), f"{op_pointer}/requestBody")
    if request_body is None:
        raise AssertionError(f"{method.upper()} {template} documents no request body")
    content = request_body.get("content") or {}
    if "application/json" not in content:
        raise AssertionError(f"{method.upper()} {template} documents no JSON request body")
    check(body, f"{pointer}/content/application~1json/schema", f"{method.upper()} {template} request")


def validate_response(method: str, path_template_or_url: str, response) -> Any:
    """Assert `response` is documented for this operation and matches its schema; returns the JSON body
    (None for a non-JSON body, which is never read, so a live event stream is not consumed)."""
    template, operation, op_pointer = find_operation(method, path_template_or_url)
    status = _status(response)
    what = f"{method.upper()} {template} -> {status}"
    responses = operation.get("responses", {})
    key = _status_key(responses, status)
    if key is None:
        raise AssertionError(f"{what}: status {status} is not documented (documented: {sorted(responses)})")
    documented, response_pointer = deref(responses[key], f"{op_pointer}/responses/{escape(key)}")

    headers = response.headers
    for name, header in (documented.get("headers") or {}).items():
        header, header_pointer = deref(header, f"{response_pointer}/headers/{escape(name)}")
        value = headers.get(name)
        if value is None:
            if header.get("required"):
                raise AssertionError(f"{what}: the required header {name} is missing")
            continue
        if "schema" in header:
            check(value, f"{header_pointer}/schema", f"{what}: header {name}")

    content = documented.get("content") or {}
    content_type = headers.get("Content-Type")
    if not content:
        return None
    media = _media_type(content_type)
    ckey = _content_key(content, media)
    if ckey is None:
        raise AssertionError(f"{what}: content type {content_type!r} is not documented (documented: {sorted(content)})")
    if media not in JSON_TYPES and not media.endswith("+json"):
        return None
    body = _json_body(response, what)
    media_object = content[ckey]
    if "schema" in media_object:
        check(body, f"{response_pointer}/content/{escape(ckey)}/schema", f"{what} ({media})")
    return body
