"""The resources of the whole-API fixture and the models each one has, composed by a generator.

Every resource has the same families of models (its record, create/update/replace bodies, a page,
a search with discriminated filters, a bulk request and its per-item results, an action over a
selector, a summary, a deletion), its own enums, and fields drawn from one pool with a fixed seed,
so that two runs compose the same models in the same order and FastAPI writes the same document.
"""

import random
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import Enum
from typing import Annotated, Any, Literal, Optional, Union
from uuid import UUID

from pydantic import BaseModel, Field, create_model

from .shared import FilterExpression, JsonValue, Metadata, Selector, Span

SEED = 59
FIELDS_PER_RESOURCE = 12


@dataclass(frozen=True)
class Resource:
    plural: str  # the path segment and tag: "dataset_versions"
    singular: str  # "dataset_version"
    patch: bool = True  # has PATCH /{id}
    delete: bool = True  # has DELETE /{id}
    restore: bool = False  # POST /{id}/restore (no body) instead of POST /actions
    top_level: bool = False  # /v2/{plural} rather than /v2/projects/{project_id}/{plural}
    extra: dict[str, Any] = field(default_factory=dict)  # record fields of this resource alone

    @property
    def pascal(self) -> str:
        return "".join(part.capitalize() for part in self.singular.split("_"))

    @property
    def pascal_plural(self) -> str:
        return "".join(part.capitalize() for part in self.plural.split("_"))


RESOURCES = [
    Resource("projects", "project", top_level=True),
    Resource("runs", "run"),
    Resource("traces", "trace", extra={"spans": Optional[list[Span]]}),
    Resource("spans", "span", patch=False, delete=False, extra={"span": Optional[Span]}),
    Resource("sessions", "session", extra={"root_span": Optional[Span]}),
    Resource("datasets", "dataset"),
    Resource("dataset_versions", "dataset_version", patch=False, restore=True),
    Resource("dataset_rows", "dataset_row", extra={"values": Optional[Metadata]}),
    Resource("prompts", "prompt"),
    Resource("prompt_versions", "prompt_version", patch=False, restore=True),
    Resource("scorers", "scorer"),
    Resource("scorer_versions", "scorer_version", restore=True),
    Resource("annotations", "annotation", extra={"value": Optional[JsonValue]}),
    Resource("annotation_templates", "annotation_template"),
    Resource("experiments", "experiment"),
    Resource("experiment_results", "experiment_result", patch=False, extra={"output": Optional[JsonValue]}),
    Resource("log_streams", "log_stream", restore=True),
    Resource("metrics", "metric"),
    Resource("alerts", "alert"),
    Resource("signals", "signal"),
    Resource("feedback_ratings", "feedback_rating", extra={"rating": Optional[JsonValue]}),
    Resource("comments", "comment", restore=True),
    Resource("webhooks", "webhook"),
    Resource("exports", "export", restore=True),
    Resource("evaluations", "evaluation"),
]


def text(min_length: int, max_length: int, pattern: Optional[str] = None) -> Any:
    return Annotated[str, Field(min_length=min_length, max_length=max_length, pattern=pattern)]


def integer(ge: int, le: Optional[int] = None) -> Any:
    return Annotated[int, Field(ge=ge, le=le)]


def number(ge: float, le: Optional[float] = None) -> Any:
    return Annotated[float, Field(ge=ge, le=le)]


# The pool of domain fields: a name and its type, given the resource's enums.
POOL: list[tuple[str, Any]] = [
    ("description", lambda e: text(0, 10_000)),
    ("display_name", lambda e: text(1, 128)),
    ("slug", lambda e: text(1, 64, r"^[a-z0-9][a-z0-9-]*$")),
    ("owner_id", lambda e: UUID),
    ("parent_id", lambda e: UUID),
    ("source_id", lambda e: UUID),
    ("reviewer_id", lambda e: UUID),
    ("dataset_id", lambda e: UUID),
    ("prompt_id", lambda e: UUID),
    ("run_id", lambda e: UUID),
    ("started_at", lambda e: datetime),
    ("ended_at", lambda e: datetime),
    ("expires_at", lambda e: datetime),
    ("archived_at", lambda e: datetime),
    ("due_date", lambda e: date),
    ("review_date", lambda e: date),
    ("retention_days", lambda e: integer(1, 3650)),
    ("sample_rate", lambda e: number(0, 1)),
    ("threshold", lambda e: number(0, 100)),
    ("max_items", lambda e: integer(0, 100_000)),
    ("version", lambda e: integer(1)),
    ("duration_ns", lambda e: integer(0)),
    ("token_count", lambda e: integer(0)),
    ("cost", lambda e: number(0)),
    ("enabled", lambda e: bool),
    ("url", lambda e: text(1, 2048, r"^https?://")),
    ("color", lambda e: text(7, 7, r"^#[0-9a-fA-F]{6}$")),
    ("external_id", lambda e: text(1, 255)),
    ("model_name", lambda e: text(1, 255)),
    ("timezone", lambda e: text(1, 64)),
    ("tags", lambda e: Annotated[list[text(1, 64)], Field(max_length=50)]),
    ("labels", lambda e: Annotated[list[text(1, 64)], Field(max_length=20)]),
    ("metadata", lambda e: Metadata),
    ("attributes", lambda e: Metadata),
]

# Every resource has a field of each of its enums.
FACETS = ["priority", "visibility", "source"]

ENUM_VALUES = {
    "Status": ["active", "paused", "archived", "deleted"],
    "Visibility": ["private", "project", "organization", "public"],
    "Priority": ["low", "medium", "high", "critical"],
    "Source": ["api", "sdk", "ui", "import", "integration"],
    "Action": ["archive", "unarchive", "duplicate", "export", "reindex"],
}


class SummaryWindow(str, Enum):
    HOUR = "1h"
    DAY = "24h"
    WEEK = "7d"
    MONTH = "30d"


def model(model_name: str, /, **fields: Any) -> type[BaseModel]:
    return create_model(model_name, __module__=__name__, **fields)


def optional(annotation: Any) -> Any:
    return (Optional[annotation], None)


def tagged(*members: type[BaseModel], by: str) -> Any:
    return Annotated[Union[members], Field(discriminator=by)]


def enum(name: str, values: list[str]) -> type[Enum]:
    members = [(value.upper().replace("-", "_"), value) for value in values]
    return Enum(name, members, type=str, module=__name__)


@dataclass
class Models:
    """The models of one resource, by the role they play in its operations."""

    record: type[BaseModel]
    create: type[BaseModel]
    update: type[BaseModel]
    replace: type[BaseModel]
    page: type[BaseModel]
    search: type[BaseModel]
    bulk: type[BaseModel]
    bulk_results: type[BaseModel]
    action: type[BaseModel]
    action_result: type[BaseModel]
    summary: type[BaseModel]
    deleted: type[BaseModel]
    status: type[Enum]
    sort_field: type[Enum]


def configs(p: str) -> Any:
    """A resource's configuration, one of four kinds."""
    default = model(f"{p}DefaultConfig", kind=(Literal["default"], ...))
    sampled = model(
        f"{p}SampledConfig",
        kind=(Literal["sampled"], ...),
        sample_rate=(number(0, 1), ...),
        seed=optional(integer(0)),
        max_per_minute=optional(integer(1, 100_000)),
    )
    scheduled = model(
        f"{p}ScheduledConfig",
        kind=(Literal["scheduled"], ...),
        cron=(text(1, 128, r"^\s*\S+(\s+\S+){4}\s*$"), ...),
        timezone=optional(text(1, 64)),
        next_run_at=optional(datetime),
    )
    manual = model(
        f"{p}ManualConfig",
        kind=(Literal["manual"], ...),
        approved_by=optional(UUID),
        approved_at=optional(datetime),
        note=optional(text(0, 2000)),
    )
    return tagged(default, sampled, scheduled, manual, by="kind")


def filters(p: str, status: type[Enum]) -> Any:
    """The filters of a resource's search, discriminated by `type`."""
    by_name = model(
        f"{p}NameFilter",
        type=(Literal["name"], ...),
        value=(text(1, 255), ...),
        case_sensitive=optional(bool),
    )
    by_id = model(
        f"{p}IdFilter",
        type=(Literal["id"], ...),
        value=(Annotated[list[UUID], Field(min_length=1, max_length=1000)], ...),
    )
    by_created = model(
        f"{p}CreatedAtFilter",
        type=(Literal["created_at"], ...),
        after=optional(datetime),
        before=optional(datetime),
    )
    by_status = model(
        f"{p}StatusFilter",
        type=(Literal["status"], ...),
        value=(Annotated[list[status], Field(min_length=1)], ...),
    )
    by_metadata = model(
        f"{p}MetadataFilter",
        type=(Literal["metadata"], ...),
        key=(text(1, 255), ...),
        value=optional(JsonValue),
    )
    return tagged(by_name, by_id, by_created, by_status, by_metadata, by="type")


def compose(resource: Resource, rng: random.Random) -> Models:
    p = resource.pascal
    enums = {facet: enum(f"{p}{facet}", values) for facet, values in ENUM_VALUES.items()}
    picked = sorted(rng.sample(range(len(POOL)), FIELDS_PER_RESOURCE))
    domain = {POOL[i][0]: POOL[i][1](enums) for i in picked}
    domain.update({facet: enums[facet.capitalize()] for facet in FACETS})
    sortable = ["created_at", "updated_at", "name", *(n for n in domain if n.endswith(("_at", "_date")))]
    sort_field = enum(f"{p}SortField", sortable)
    status = enums["Status"]
    config = configs(p)
    required = list(domain)[:2]

    record_fields: dict[str, Any] = {
        "object": (Literal[resource.singular], ...),
        "id": (UUID, ...),
        **({} if resource.top_level else {"project_id": (UUID, ...)}),
        "name": (text(1, 255), ...),
        "status": (status, ...),
        "created_at": (datetime, ...),
        "updated_at": (datetime, ...),
        "created_by": optional(UUID),
        "last_action": optional(enums["Action"]),
        **{n: optional(t) for n, t in domain.items()},
        **{n: (t, None) for n, t in resource.extra.items()},
        "config": (config, ...),
    }
    record = model(p, **record_fields)
    body = {n: ((t, ...) if n in required else optional(t)) for n, t in domain.items()}
    create = model(
        f"{p}Create",
        name=(text(1, 255), ...),
        **body,
        **{n: (t, None) for n, t in resource.extra.items()},
        config=optional(config),
    )
    update = model(
        f"{p}Update",
        name=optional(text(1, 255)),
        status=optional(status),
        **{n: optional(t) for n, t in domain.items()},
        config=optional(config),
    )
    replace = model(f"{p}Replace", name=(text(1, 255), ...), **body, config=(config, ...))
    page = model(
        f"{p}List",
        records=(list[record], ...),
        limit=(integer(1, 1000), ...),
        starting_token=(integer(0), ...),
        next_starting_token=optional(integer(0)),
        total=optional(integer(0)),
    )
    sort = model(f"{p}Sort", field=(sort_field, ...), ascending=(bool, False))
    search = model(
        f"{p}SearchRequest",
        filters=(Annotated[list[filters(p, status)], Field(max_length=50)], []),
        expression=optional(FilterExpression),
        sort=optional(sort),
        limit=(integer(1, 1000), 100),
        starting_token=(integer(0), 0),
    )
    bulk_create = model(f"{p}BulkCreate", operation_type=(Literal["create"], ...), item=(create, ...))
    bulk_update = model(
        f"{p}BulkUpdate", operation_type=(Literal["update"], ...), id=(UUID, ...), patch=(update, ...)
    )
    bulk_delete = model(
        f"{p}BulkDelete", operation_type=(Literal["delete"], ...), id=(UUID, ...), reason=optional(text(0, 1000))
    )
    bulk = model(
        f"{p}BulkRequest",
        operations=(
            Annotated[
                list[tagged(bulk_create, bulk_update, bulk_delete, by="operation_type")],
                Field(min_length=1, max_length=1000),
            ],
            ...,
        ),
        dry_run=(bool, False),
    )
    succeeded = model(
        f"{p}BulkSucceeded",
        status=(Literal["succeeded"], ...),
        index=(integer(0), ...),
        id=(UUID, ...),
        record=optional(record),
    )
    failed = model(
        f"{p}BulkFailed",
        status=(Literal["failed"], ...),
        index=(integer(0), ...),
        error=(text(1, 10_000), ...),
        code=optional(integer(400, 599)),
    )
    bulk_results = model(
        f"{p}BulkResponse",
        results=(list[tagged(succeeded, failed, by="status")], ...),
        succeeded=(integer(0), ...),
        failed=(integer(0), ...),
    )
    action = model(
        f"{p}ActionRequest",
        action=(enums["Action"], ...),
        target=(Selector, ...),
        reason=optional(text(0, 1000)),
        scheduled_for=optional(datetime),
    )
    action_result = model(
        f"{p}ActionResponse",
        action=(enums["Action"], ...),
        job_id=optional(UUID),
        affected=(integer(0), ...),
        finished_at=optional(datetime),
    )
    summary = model(
        f"{p}Summary",
        id=(UUID, ...),
        window=(SummaryWindow, ...),
        count=(integer(0), ...),
        first_seen_at=optional(datetime),
        last_seen_at=optional(datetime),
        first_seen_on=optional(date),
        average_duration_ms=optional(number(0)),
        p95_duration_ms=optional(number(0)),
        error_rate=optional(number(0, 1)),
        status=optional(status),
    )
    deleted = model(f"{p}Deleted", id=(UUID, ...), deleted=(Literal[True], ...), deleted_at=(datetime, ...))
    return Models(
        record=record,
        create=create,
        update=update,
        replace=replace,
        page=page,
        search=search,
        bulk=bulk,
        bulk_results=bulk_results,
        action=action,
        action_result=action_result,
        summary=summary,
        deleted=deleted,
        status=status,
        sort_field=sort_field,
    )


def compose_all() -> list[tuple[Resource, Models]]:
    rng = random.Random(SEED)
    return [(resource, compose(resource, rng)) for resource in RESOURCES]
