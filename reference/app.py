"""The reference service: the oracle of validation the mock's 422 dialect is measured against.

The seven operations with their path, query and header parameters as declared and their bodies as
the models in models.py; no business logic and no authentication (validation comes first, and a
request's credential never changes its 422). A valid request answers 200 with a minimal body: what
is compared is how a request is refused, never what a handler returns.

Run: uvicorn reference.app:app --host 127.0.0.1 --port 8000 (from the repository's root).
"""

from typing import Annotated, Optional
from uuid import UUID

from fastapi import Body, FastAPI

from .models import (
    AnnotationTemplateUpdate,
    BulkFeedbackRatingsRequest,
    LogTracesIngestRequest,
    Luna3ScorerVersionCreate,
    SignalsConfigurationPut,
    SocialLoginRequest,
    SystemUserCreate,
)

app = FastAPI(title="Observability Service API (reference)", version="0.1.0")

# Only the Signals body is stated as required; the others are optional bodies, so JSON null or no
# body at all is taken as absent, as FastAPI does with `Optional[Model] = None`.
OptionalBody = Body(default=None)


@app.put("/v2/projects/{project_id}/runs/{run_id}/signals/configuration")
def put_signals_configuration(
    project_id: UUID, run_id: UUID, body: Annotated[SignalsConfigurationPut, Body()]
) -> dict:
    return {}


@app.post("/v2/login/social")
def login_social(body: Optional[SocialLoginRequest] = OptionalBody) -> dict:
    return {}


@app.patch("/v2/projects/{project_id}/annotation/templates/{template_id}")
def update_annotation_template(
    project_id: UUID, template_id: UUID, body: Optional[AnnotationTemplateUpdate] = OptionalBody
) -> dict:
    return {}


@app.post("/v2/projects/{project_id}/traces")
def log_traces(project_id: UUID, body: Optional[LogTracesIngestRequest] = OptionalBody) -> dict:
    return {}


@app.post("/v2/scorers/{scorer_id}/version/luna3")
def create_luna3_scorer_version(
    scorer_id: UUID, body: Optional[Luna3ScorerVersionCreate] = OptionalBody
) -> dict:
    return {}


@app.post("/v2/projects/{project_id}/feedback/ratings", deprecated=True)
def apply_bulk_feedback_v2(
    project_id: UUID, body: Optional[BulkFeedbackRatingsRequest] = OptionalBody
) -> dict:
    return {}


# "Query parameters exist; their names: not shown": none is declared, and FastAPI ignores the rest.
@app.post("/v2/system_users")
def create_or_verify_user(body: Optional[SystemUserCreate] = OptionalBody) -> dict:
    return {}
