"""The models every resource of the whole-API fixture shares, written out by hand: the JSON value,
the span tree, the filter expression and the selectors.

The recursive ones are here: a span's `children` are spans of any span type, discriminated by
`type`; a filter expression's `all`/`any`/`not` hold filter expressions; a JSON value holds JSON
values.
"""

from datetime import datetime
from enum import Enum
from typing import Annotated, Literal, Optional, Union
from uuid import UUID

from pydantic import BaseModel, Field
from typing_extensions import TypeAliasType

JsonValue = TypeAliasType(
    "JsonValue",
    Union[str, int, float, bool, None, list["JsonValue"], dict[str, "JsonValue"]],
)

Metadata = dict[str, JsonValue]


class SpanStatus(str, Enum):
    OK = "ok"
    ERROR = "error"
    CANCELLED = "cancelled"


class MessageRole(str, Enum):
    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"


class Message(BaseModel):
    role: MessageRole
    content: str = Field(max_length=1_000_000)
    name: Optional[str] = Field(default=None, max_length=255)
    tool_call_id: Optional[str] = Field(default=None, max_length=255)


class SpanBase(BaseModel):
    """What every span type has; each subclass adds its `type` tag and its own fields."""

    id: UUID
    trace_id: UUID
    parent_id: Optional[UUID] = None
    name: str = Field(min_length=1, max_length=1024)
    started_at: datetime
    ended_at: Optional[datetime] = None
    status: Optional[SpanStatus] = None
    duration_ns: Optional[int] = Field(default=None, ge=0)
    metadata: Optional[Metadata] = None
    children: Optional[list["Span"]] = None


class WorkflowSpan(SpanBase):
    type: Literal["workflow"]
    input: Optional[JsonValue] = None
    output: Optional[JsonValue] = None


class AgentSpan(SpanBase):
    type: Literal["agent"]
    agent_name: Optional[str] = Field(default=None, max_length=255)
    input: Optional[JsonValue] = None
    output: Optional[JsonValue] = None


class ChainSpan(SpanBase):
    type: Literal["chain"]
    input: Optional[JsonValue] = None
    output: Optional[JsonValue] = None


class LlmSpan(SpanBase):
    type: Literal["llm"]
    model: Optional[str] = Field(default=None, max_length=255)
    input: list[Message] = Field(default_factory=list)
    output: Optional[Message] = None
    temperature: Optional[float] = Field(default=None, ge=0, le=2)
    input_tokens: Optional[int] = Field(default=None, ge=0)
    output_tokens: Optional[int] = Field(default=None, ge=0)
    cost: Optional[float] = Field(default=None, ge=0)


class ToolSpan(SpanBase):
    type: Literal["tool"]
    tool_call_id: Optional[str] = Field(default=None, max_length=255)
    input: Optional[JsonValue] = None
    output: Optional[JsonValue] = None


class RetrieverDocument(BaseModel):
    content: str = Field(max_length=1_000_000)
    score: Optional[float] = None
    metadata: Optional[Metadata] = None


class RetrieverSpan(SpanBase):
    type: Literal["retriever"]
    query: Optional[str] = Field(default=None, max_length=100_000)
    documents: Optional[list[RetrieverDocument]] = None


class EmbeddingSpan(SpanBase):
    type: Literal["embedding"]
    model: Optional[str] = Field(default=None, max_length=255)
    dimensions: Optional[int] = Field(default=None, ge=1, le=65_536)


class GuardrailSpan(SpanBase):
    type: Literal["guardrail"]
    passed: Optional[bool] = None
    policy: Optional[str] = Field(default=None, max_length=255)


Span = Annotated[
    Union[
        WorkflowSpan,
        AgentSpan,
        ChainSpan,
        LlmSpan,
        ToolSpan,
        RetrieverSpan,
        EmbeddingSpan,
        GuardrailSpan,
    ],
    Field(discriminator="type"),
]

for _span in (
    WorkflowSpan,
    AgentSpan,
    ChainSpan,
    LlmSpan,
    ToolSpan,
    RetrieverSpan,
    EmbeddingSpan,
    GuardrailSpan,
):
    _span.model_rebuild()


class ComparisonOperator(str, Enum):
    EQ = "eq"
    NE = "ne"
    GT = "gt"
    GTE = "gte"
    LT = "lt"
    LTE = "lte"
    CONTAINS = "contains"
    ONE_OF = "one_of"


class ConditionExpression(BaseModel):
    type: Literal["condition"]
    column: str = Field(min_length=1, max_length=255)
    operator: ComparisonOperator
    value: JsonValue


class AllExpression(BaseModel):
    type: Literal["all"]
    all: list["FilterExpression"] = Field(min_length=1, max_length=100)


class AnyExpression(BaseModel):
    type: Literal["any"]
    any: list["FilterExpression"] = Field(min_length=1, max_length=100)


class NotExpression(BaseModel):
    type: Literal["not"]
    not_: "FilterExpression" = Field(alias="not")


FilterExpression = Annotated[
    Union[ConditionExpression, AllExpression, AnyExpression, NotExpression],
    Field(discriminator="type"),
]

for _expression in (AllExpression, AnyExpression, NotExpression):
    _expression.model_rebuild()


class IdsSelector(BaseModel):
    selector_type: Literal["ids"]
    ids: list[UUID] = Field(min_length=1, max_length=1000)


class QuerySelector(BaseModel):
    selector_type: Literal["query"]
    query: FilterExpression
    limit: Optional[int] = Field(default=None, ge=1, le=10_000)


class AllSelector(BaseModel):
    selector_type: Literal["all"]
    before: Optional[datetime] = None


Selector = Annotated[Union[IdsSelector, QuerySelector, AllSelector], Field(discriminator="selector_type")]
