"""The reference service made complete, and drifted on purpose: the provider `api-contract-verify
--drift` is tested against (scripts/drift.js).

The routes are the reference's own (reference/app.py: its paths, parameters and body models, so its
validation), each given a handler that answers what the API describes: a body that keeps the
contract, and the rules across requests (the first user becomes an administrator, Luna3 versions
count up, a PUT answers what it saved and a later PUT keeps the configuration). In memory, per
process. Not a service: only what the comparison with the mock reads.

DRIFT (environment) plants one difference from the description, or none when unset:
  bound    the annotation template's `name` at most 100 characters instead of 255
  loc      Create Or Verify User's `email` held in a field named `email_address`, so `loc` says so
  rule     every Luna3 version is version 1 (versions do not count up)
  status   Log Traces refuses an invalid request with 400 instead of 422
  message  the cron pattern's error reworded

Run: DRIFT=bound uvicorn reference.drifted.app:app --host 127.0.0.1 --port 8000 (from the root).
"""

import functools
import inspect
import os
from datetime import datetime, timezone
from typing import Any, Optional
from uuid import UUID, uuid4

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exception_handlers import request_validation_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field

from .. import app as reference
from ..models import AnnotationTemplateUpdate, AuthMethod, SignalsUserPreferences

DRIFT = os.environ.get("DRIFT", "")
if DRIFT not in ("", "bound", "loc", "rule", "status", "message"):
    raise SystemExit(f"DRIFT must be bound, loc, rule, status or message, not {DRIFT!r}")

app = FastAPI(title="Observability Service API (reference, complete and drifted)", version="0.1.0")


def now() -> str:
    return datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")


def dumped(model: Optional[BaseModel]) -> dict:
    """A body model as JSON, without the fields left at None (the API's answers omit them)."""
    if model is None:
        return {}
    return {k: v for k, v in model.model_dump(mode="json", by_alias=True).items() if v is not None}


# --- the answers ----------------------------------------------------------------------------------

configurations: dict = {}
templates: dict = {}
versions: dict = {}
users: dict = {}


def put_signals_configuration(project_id: UUID, run_id: UUID, body: Any) -> dict:
    sent = body.model_dump(mode="json")
    key = (project_id, run_id)
    saved = configurations.get(key)
    at = now()
    data = {
        "id": saved["id"] if saved else str(uuid4()),
        "project_id": str(project_id),
        "run_id": str(run_id),
        "run_mode": sent.get("run_mode", "ON_DEMAND"),
        "schedule": sent.get("schedule"),
        "start_date": sent.get("start_date"),
        "end_date": sent.get("end_date"),
        "scheduled_runs_enabled": sent.get("scheduled_runs_enabled", False),
        "model": sent["model"],
        "user_preferences": sent.get("user_preferences") or SignalsUserPreferences().model_dump(),
        "notification_severities": sent.get("notification_severities") or [],
        "created_at": saved["created_at"] if saved else at,
        "updated_at": at,
    }
    configurations[key] = data
    return {"data": data}


def login_social(body: Any) -> dict:
    return {"access_token": uuid4().hex, "token_type": "bearer"}


def update_annotation_template(project_id: UUID, template_id: UUID, body: Any) -> dict:
    key = (project_id, template_id)
    template = templates.setdefault(
        key,
        {"id": str(template_id), "include_explanation": False, "created_at": now(), "created_by": "drift",
         "position": 0, "usage_count": 0},
    )
    template.update({k: v for k, v in dumped(body).items() if k in ("name", "criteria")})
    return dict(template)  # a copy: requests run in threads, and the answer is written after the return


def log_traces(project_id: UUID, body: Any) -> dict:
    traces = body.traces if body else []
    answer = {
        "project_id": str(project_id),
        "project_name": "drift",
        "records_count": len(traces),
        "traces_count": len(traces),
        "spans_count": sum(len(t.spans or []) for t in traces),
    }
    if body is not None and body.include_trace_ids:
        answer["trace_ids"] = [str(uuid4()) for _ in traces]
    return answer


def create_luna3_scorer_version(scorer_id: UUID, body: Any) -> dict:
    version = 1 if DRIFT == "rule" else versions.get(scorer_id, 0) + 1
    versions[scorer_id] = version
    at = now()
    return {"id": str(uuid4()), "version": version, "scorer_id": str(scorer_id), "created_at": at,
            "updated_at": at}


def apply_bulk_feedback_v2(project_id: UUID, body: Any) -> list:
    sent = jsonable_encoder(body) if body is not None else {}
    selector = sent.get("selector") or {}
    indexes = selector.get("indexes") or [] if selector.get("selector_type", "indexes") == "indexes" else []
    return [
        {"operation": str(operation.get("operation_type") or "create"), "success": True, "message": "applied",
         "selector": "indexes", "index": index}
        for operation in sent.get("operations") or []
        for index in indexes
        if isinstance(operation, dict)
    ]


def create_or_verify_user(body: Any) -> dict:
    sent = dumped(body)
    sent.setdefault("email", sent.pop("email_address", None))
    email = sent.get("email")
    known = users.get(email)
    at = now()
    if known:
        known.update({"email_is_verified": True, "updated_at": at})
        return {k: v for k, v in known.items() if v is not None}
    first = not any(u["role"] == "system_admin" for u in users.values())
    user = {**{k: v for k, v in sent.items() if k in ("email", "first_name", "last_name", "auth_method")},
            "id": str(uuid4()), "created_at": at, "updated_at": at, "status": "enabled",
            "role": "system_admin" if first else "system_user", "email_is_verified": not first}
    users[email] = user
    return {k: v for k, v in user.items() if v is not None}


ANSWERS = {f.__name__: f for f in (put_signals_configuration, login_social, update_annotation_template,
                                   log_traces, create_luna3_scorer_version, apply_bulk_feedback_v2,
                                   create_or_verify_user)}

# --- the drifts of models -------------------------------------------------------------------------


class AnnotationTemplateUpdateBound(AnnotationTemplateUpdate):
    name: Optional[str] = Field(None, min_length=1, max_length=100)


class SystemUserCreateRenamed(BaseModel):
    """The `email` attribute renamed in the code, its wire name kept by an alias: `loc` names the attribute."""

    model_config = ConfigDict(extra="allow", loc_by_alias=False, validate_by_name=False)
    email_address: Optional[str] = Field(None, validation_alias="email")
    first_name: Optional[str] = None
    last_name: Optional[str] = None
    auth_method: Optional[AuthMethod] = None
    password: Optional[str] = None


BODY_DRIFTS = {
    "bound": ("update_annotation_template", Optional[AnnotationTemplateUpdateBound]),
    "loc": ("create_or_verify_user", Optional[SystemUserCreateRenamed]),
}


def handler(route: APIRoute):
    """The reference's endpoint signature (so its validation), answering with ANSWERS."""
    answer = ANSWERS[route.name]

    @functools.wraps(route.endpoint)
    def endpoint(**kwargs: Any) -> Any:
        return answer(**kwargs)

    if DRIFT in BODY_DRIFTS and BODY_DRIFTS[DRIFT][0] == route.name:
        signature = inspect.signature(route.endpoint)
        endpoint.__signature__ = signature.replace(
            parameters=[p.replace(annotation=BODY_DRIFTS[DRIFT][1]) if p.name == "body" else p
                        for p in signature.parameters.values()]
        )
    return endpoint


for route in reference.app.routes:
    if isinstance(route, APIRoute):
        # The reference's handlers say `-> dict`; these answer lists too, so no response model.
        app.add_api_route(route.path, handler(route), methods=list(route.methods), response_model=None,
                          deprecated=route.deprecated, name=route.name)


@app.exception_handler(RequestValidationError)
async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
    if DRIFT == "status" and request.url.path.endswith("/traces"):
        return JSONResponse(status_code=400, content=jsonable_encoder({"detail": error.errors()}))
    if DRIFT == "message":
        for item in error.errors():
            if item["type"] == "string_pattern_mismatch":
                item["msg"] = "Value should be a five-field cron expression"
    return await request_validation_exception_handler(request, error)
