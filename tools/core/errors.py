"""Domain errors. Tools raise these; only app/ turns them into exit codes or HTTP statuses.

    DioramaError
    ├── InputError          the request itself is wrong (exit 2 / HTTP 422)
    │   ├── PromptError     empty or unusable prompt, unparseable room size
    │   ├── LayoutError     the objects cannot fit; names what did not fit
    │   └── InvalidKeyError a storage key that is empty or could leave its prefix
    ├── AssetError          a generator or an asset file failed
    │   └── ValidationError a GLB was refused (malformed, too big, bomb-like)
    ├── StorageError        storage unreachable or refused; names the endpoint
    ├── RenderError         the browser could not load or render the page
    ├── ReferenceSearchError the web reference search (SearxNG) failed; the size table still answers
    └── ModelError          the model server failed (callers fall back)
        ├── ModelUnavailableError  refused, timed out, HTTP error, circuit open (every endpoint)
        └── ModelOutputError       it answered, but not with valid JSON of the asked schema
"""


class DioramaError(Exception):
    """Base of every error Diorama raises on purpose."""


class InputError(DioramaError):
    """The request cannot be satisfied as given; the message tells the person why."""


class PromptError(InputError):
    pass


class LayoutError(InputError):
    pass


class InvalidKeyError(InputError):
    pass


class AssetError(DioramaError):
    pass


class ValidationError(AssetError):
    pass


class StorageError(DioramaError):
    pass


class RenderError(DioramaError):
    pass


class ReferenceSearchError(DioramaError):
    pass


class ModelError(DioramaError):
    pass


class ModelUnavailableError(ModelError):
    pass


class ModelOutputError(ModelError):
    pass
