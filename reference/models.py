"""Request models of the observability service, written by hand from the API's description.

Read from the description (the seed), never from generated/openapi.json: a model derived from our
own spec would only prove that the spec agrees with itself. Class names are the description's;
where it gives none, the spec component's name, so that a union member's `loc` agrees. Where
required-ness is not shown and no default is given, a field is `Optional[T] = None`, as in the
service's framework (docs/gap-policy.md, rule 3); fields that name a variant are never nullable.
"""

from datetime import date, datetime
from enum import Enum
from typing import Annotated, Any, Literal, Optional, Union
from uuid import UUID

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    TypeAdapter,
    ValidationInfo,
    field_validator,
)

# A field the description lists without "or null" and without a default: it may be left out, but
# null is refused. pydantic does not validate defaults, so `= None` gives exactly that.
ABSENT: Any = None


class Closed(BaseModel):
    """The description says: no additional properties."""

    model_config = ConfigDict(extra="forbid")


class Open(BaseModel):
    """The description says further fields exist whose names are not shown."""

    model_config = ConfigDict(extra="allow")


# --- Signals (4.1, 2.1) ---------------------------------------------------------------------------


class SignalScanMode(str, Enum):
    ON_DEMAND = "ON_DEMAND"
    SCHEDULED = "SCHEDULED"


class SignalSeverityLevel(str, Enum):
    LOW = "LOW"
    MEDIUM = "MEDIUM"
    HIGH = "HIGH"


class SignalsUserPreferences(Closed):
    focus_on: str = Field("", max_length=10000)
    dont_focus_on: str = Field("", max_length=10000)


Timezone = Annotated[str, Field(min_length=1, max_length=255)]


class CronSignalSchedule(Closed):
    type: Literal["CRON"] = "CRON"
    # "five-field cron expression" is listed among the limits (section 8), so it is enforced.
    cron: str = Field(min_length=1, max_length=128, pattern=r"^\s*\S+(\s+\S+){4}\s*$")
    timezone: Timezone = "UTC"


class IntervalSignalSchedule(Closed):
    type: Literal["INTERVAL"] = "INTERVAL"
    interval_hours: int = Field(ge=1, le=168)
    timezone: Timezone = "UTC"


def schedule_type_from_required_field(value: Any) -> Any:
    """`type` is optional with a default, yet it discriminates: when it is left out, the schedule's
    required field says which one is meant (docs/gap-policy.md, "The schedule's discriminator")."""
    if isinstance(value, dict) and "type" not in value:
        if "cron" in value:
            return {**value, "type": "CRON"}
        if "interval_hours" in value:
            return {**value, "type": "INTERVAL"}
    return value


SignalSchedule = Annotated[
    Union[CronSignalSchedule, IntervalSignalSchedule],
    Field(discriminator="type"),
    BeforeValidator(schedule_type_from_required_field),
]


class ExperimentSignalsConfigurationPut(Closed):
    model: str = Field(min_length=1, max_length=255)
    user_preferences: SignalsUserPreferences = ABSENT


class LogStreamSignalsConfigurationPut(Closed):
    model: str = Field(min_length=1, max_length=255)
    user_preferences: SignalsUserPreferences = ABSENT
    run_mode: SignalScanMode
    schedule: Optional[SignalSchedule] = None
    start_date: Optional[date] = None
    end_date: Optional[date] = None
    scheduled_runs_enabled: bool = False
    notification_severities: list[SignalSeverityLevel] = Field(ABSENT, max_length=3)


# "one of two shapes": the log stream shape first, as the spec's oneOf lists it.
SignalsConfigurationPut = Union[LogStreamSignalsConfigurationPut, ExperimentSignalsConfigurationPut]


# --- Login Social (4.2) ---------------------------------------------------------------------------


class SocialLoginRequest(BaseModel):
    id_token: Optional[str] = None
    provider: Optional[str] = None


# --- Update Annotation Template (4.3) -------------------------------------------------------------


class AnnotationTemplateUpdate(Open):
    name: Optional[str] = Field(None, min_length=1, max_length=255)
    criteria: Optional[str] = None


# --- Log Traces (4.4, 2.3) ------------------------------------------------------------------------


class Message(BaseModel):
    role: Optional[str] = None
    content: Optional[str] = None


LlmInput = TypeAdapter(Optional[list[Message]])
LlmOutput = TypeAdapter(Optional[Message])


class Span(Open):
    # Only the `llm` span's shape is given; spans of other types carry any input and output
    # (gap policy, rule 12). A tagged union would need the other types' names, which are not
    # shown, so the llm shape is checked by a validator and `loc` carries no tag.
    type: str = ABSENT
    created_at: Optional[datetime] = None
    name: Optional[str] = None
    input: Any = None
    output: Any = None
    metrics: Optional[dict[str, Any]] = None
    dataset_metadata: Optional[dict[str, Any]] = None
    user_metadata: Optional[dict[str, Any]] = None
    tags: Optional[list[Any]] = None

    @field_validator("input")
    @classmethod
    def llm_input(cls, value: Any, info: ValidationInfo) -> Any:
        return LlmInput.validate_python(value) if info.data.get("type") == "llm" else value

    @field_validator("output")
    @classmethod
    def llm_output(cls, value: Any, info: ValidationInfo) -> Any:
        return LlmOutput.validate_python(value) if info.data.get("type") == "llm" else value


class Trace(Open):
    type: Literal["trace"] = ABSENT
    created_at: Optional[datetime] = None
    name: Optional[str] = None
    input: Optional[str] = None
    output: Optional[str] = None
    metrics: Optional[dict[str, Any]] = None
    dataset_metadata: Optional[dict[str, Any]] = None
    user_metadata: Optional[dict[str, Any]] = None
    tags: Optional[list[Any]] = None
    spans: Optional[list[Span]] = None


class LogTracesIngestRequest(Open):
    traces: list[Trace] = Field(min_length=1)
    log_stream_id: Optional[UUID] = None
    experiment_id: Optional[UUID] = None
    metrics_testing_id: Optional[UUID] = None
    session_id: Optional[UUID] = None
    include_trace_ids: Optional[bool] = None


# --- Create Luna3 Scorer Version (4.5) ------------------------------------------------------------


class Luna3ScorerVersionCreate(BaseModel):
    instruction: Optional[str] = None
    adapter_path: Optional[str] = None
    class_name_to_vocab_ix: Optional[dict[str, Any]] = None
    threshold: Optional[float] = None


# --- Apply Bulk Feedback V2 (4.6, 2.5) ------------------------------------------------------------

LikeDislikeValue = TypeAdapter(Optional[bool])


class FeedbackRating(BaseModel):
    feedback_type: str = ABSENT
    value: Any = None

    @field_validator("value")
    @classmethod
    def like_dislike_value(cls, value: Any, info: ValidationInfo) -> Any:
        # "boolean for that type": only the like_dislike value's type is given.
        if info.data.get("feedback_type") == "like_dislike":
            return LikeDislikeValue.validate_python(value)
        return value


class BulkFeedbackRatingCreate(BaseModel):
    operation_type: Literal["create"] = ABSENT
    rating: Optional[FeedbackRating] = None
    feedback_template_id: Optional[str] = None
    explanation: Optional[str] = None


class BulkFeedbackRatingDelete(Open):
    """Its fields are not shown."""


class IndexSelector(BaseModel):
    selector_type: Literal["indexes"] = ABSENT
    indexes: Optional[list[int]] = None


class TraceSelector(Open):
    """Its fields are not shown."""


def member_by_known_value(field: str, value: str, known: str, other: str):
    """Only one member's tag value is given (`create`, `indexes`); every other value belongs to the
    member whose fields are not shown. The tags are the class names, as a union reports them."""

    def pick(item: Any) -> str:
        if isinstance(item, dict) and item.get(field, value) != value:
            return other
        return known

    return Discriminator(pick)


BulkFeedbackOperation = Annotated[
    Union[
        Annotated[BulkFeedbackRatingCreate, Tag("BulkFeedbackRatingCreate")],
        Annotated[BulkFeedbackRatingDelete, Tag("BulkFeedbackRatingDelete")],
    ],
    member_by_known_value(
        "operation_type", "create", "BulkFeedbackRatingCreate", "BulkFeedbackRatingDelete"
    ),
]

BulkFeedbackSelector = Annotated[
    Union[
        Annotated[IndexSelector, Tag("IndexSelector")],
        Annotated[TraceSelector, Tag("TraceSelector")],
    ],
    member_by_known_value("selector_type", "indexes", "IndexSelector", "TraceSelector"),
]


class BulkFeedbackRatingsRequest(BaseModel):
    operations: Optional[list[BulkFeedbackOperation]] = None
    selector: Optional[BulkFeedbackSelector] = None


# --- Create Or Verify User (4.3 reference) --------------------------------------------------------


class AuthMethod(str, Enum):
    email = "email"
    google = "google"
    github = "github"
    okta = "okta"
    azure_ad = "azure-ad"
    custom = "custom"
    saml = "saml"
    invite = "invite"


class SystemUserCreate(Open):
    email: Optional[str] = None
    first_name: Optional[str] = None
    last_name: Optional[str] = None
    auth_method: Optional[AuthMethod] = None
    password: Optional[str] = None
