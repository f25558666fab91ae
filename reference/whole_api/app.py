"""The whole-API fixture: a FastAPI app with the service's published API's size and shape.

Ten operations per resource of resources.py (list, get, summary, create, search, bulk, an action
or a restore, replace, update, delete), each with its path parameters (`UUID`), its query
parameters or its JSON body, and a response model. No business logic: a valid request answers 200
with the smallest record its response model accepts; FastAPI answers 422 to the others. What the
fixture is for is the document FastAPI writes of it (`python -m reference.whole_api.write`).

Run: uvicorn reference.whole_api.app:app --host 127.0.0.1 --port 8000 (from the repository's root).
"""

import inspect
import typing
from datetime import date, datetime
from enum import Enum
from typing import Annotated, Any, Callable, Literal, Optional, Union
from uuid import UUID

from annotated_types import Ge, MinLen
from fastapi import Body, FastAPI, Path, Query
from pydantic import BaseModel

from .resources import Models, Resource, SummaryWindow, compose_all

Parameter = inspect.Parameter


def smallest(annotation: Any) -> Any:
    """The smallest JSON value of a type: a required field's value in a handler's answer."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is Annotated:
        base, metadata = args[0], args[1:]
        floor = [m.ge if isinstance(m, Ge) else m.min_length for m in metadata if isinstance(m, (Ge, MinLen))]
        if base is str:
            return "x" * (floor[0] if floor else 0)
        if base in (int, float):
            return floor[0] if floor else 0
        return smallest(base)
    if origin is Union:
        return None if type(None) in args else smallest(args[0])
    if origin is Literal:
        return args[0]
    if origin is list:
        return []
    if origin is dict:
        return {}
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return {
            name: smallest(info.rebuild_annotation())
            for name, info in annotation.model_fields.items()
            if info.is_required()
        }
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return next(iter(annotation)).value
    constants = {UUID: "00000000-0000-0000-0000-000000000000", datetime: "1970-01-01T00:00:00Z", date: "1970-01-01"}
    if annotation in constants:
        return constants[annotation]
    return {str: "", int: 0, float: 0, bool: False}[annotation]


def handler(name: str, parameters: list[Parameter], response_model: type[BaseModel]) -> Callable[..., Any]:
    answer = smallest(response_model)

    def endpoint(**_: Any) -> Any:
        return answer

    endpoint.__name__ = name
    endpoint.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    return endpoint


def path(name: str) -> Parameter:
    return Parameter(name, Parameter.KEYWORD_ONLY, annotation=Annotated[UUID, Path()])


def query(name: str, annotation: Any, default: Any) -> Parameter:
    return Parameter(name, Parameter.KEYWORD_ONLY, annotation=Annotated[annotation, Query()], default=default)


def body(model: type[BaseModel]) -> Parameter:
    return Parameter("body", Parameter.KEYWORD_ONLY, annotation=Annotated[model, Body()])


def routes(resource: Resource, models: Models) -> list[tuple[str, str, str, list[Parameter], type[BaseModel]]]:
    """(method, path, operationId, parameters, response model) of each operation of a resource."""
    p, ps = resource.pascal, resource.pascal_plural
    scope = [] if resource.top_level else [path("project_id")]
    base = f"/v2/{resource.plural}" if resource.top_level else f"/v2/projects/{{project_id}}/{resource.plural}"
    key = f"{resource.singular}_id"
    item, one = f"{base}/{{{key}}}", [*scope, path(key)]
    listing = [
        query("limit", Annotated[int, Query(ge=1, le=1000)], 100),
        query("starting_token", Annotated[int, Query(ge=0)], 0),
        query("sort_by", Optional[models.sort_field], None),
        query("status", Optional[models.status], None),
        query("created_after", Optional[datetime], None),
        query("created_before", Optional[datetime], None),
    ]
    window = [
        query("window", SummaryWindow, SummaryWindow.DAY),
        query("since", Optional[datetime], None),
        query("until", Optional[datetime], None),
    ]
    operations = [
        ("GET", base, f"list{ps}", [*scope, *listing], models.page),
        ("GET", item, f"get{p}", one, models.record),
        ("GET", f"{item}/summary", f"get{p}Summary", [*one, *window], models.summary),
        ("POST", base, f"create{p}", [*scope, body(models.create)], models.record),
        ("POST", f"{base}/search", f"search{ps}", [*scope, body(models.search)], models.page),
        ("POST", f"{base}/bulk", f"bulk{p}Operations", [*scope, body(models.bulk)], models.bulk_results),
        (
            ("POST", f"{item}/restore", f"restore{p}", one, models.record)
            if resource.restore
            else ("POST", f"{base}/actions", f"apply{p}Action", [*scope, body(models.action)], models.action_result)
        ),
        ("PUT", item, f"replace{p}", [*one, body(models.replace)], models.record),
    ]
    if resource.patch:
        operations.append(("PATCH", item, f"update{p}", [*one, body(models.update)], models.record))
    if resource.delete:
        operations.append(("DELETE", item, f"delete{p}", one, models.deleted))
    return operations


def create_app() -> FastAPI:
    # One schema per model: FastAPI would otherwise split the models that reach JsonValue into
    # `-Input` and `-Output` copies.
    app = FastAPI(
        title="Observability Service API (whole-API fixture)",
        version="2.0.0",
        separate_input_output_schemas=False,
    )
    for resource, models in compose_all():
        for method, route, operation_id, parameters, response_model in routes(resource, models):
            app.add_api_route(
                route,
                handler(operation_id, parameters, response_model),
                methods=[method],
                operation_id=operation_id,
                response_model=response_model,
                tags=[resource.plural],
            )
    return app


app = create_app()
