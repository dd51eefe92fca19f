"""Domain errors. Tools raise these; only app/ turns them into exit codes or HTTP statuses.

    DioramaError
    ├── InputError          the request itself is wrong (exit 2 / HTTP 422)
    │   ├── PromptError     empty or unusable prompt, unparseable room size
    │   └── LayoutError     the objects cannot fit; names what did not fit
    ├── AssetError          a generator or an asset file failed
    │   └── ValidationError a GLB was refused (malformed, too big, bomb-like)
    ├── StorageError        storage unreachable or refused; names the endpoint
    ├── RenderError         the browser could not load or render the page
    └── ModelError          the model server failed (callers fall back)
"""


class DioramaError(Exception):
    """Base of every error Diorama raises on purpose."""


class InputError(DioramaError):
    """The request cannot be satisfied as given; the message tells the person why."""


class PromptError(InputError):
    pass


class LayoutError(InputError):
    pass


class AssetError(DioramaError):
    pass


class ValidationError(AssetError):
    pass


class StorageError(DioramaError):
    pass


class RenderError(DioramaError):
    pass


class ModelError(DioramaError):
    pass
