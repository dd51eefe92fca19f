"""Domain errors. Tools raise these; only app/ turns them into exit codes or HTTP statuses.

    DioramaError
    ├── InputError          the request itself is wrong (exit 2 / HTTP 422)
    │   ├── PromptError     empty or unusable prompt, unparseable room size
    │   ├── LayoutError     the objects cannot fit; names what did not fit
    │   └── InvalidKeyError a storage key that is empty or could leave its prefix
    ├── AssetError          a generator or an asset file failed
    │   └── ValidationError a GLB was refused (malformed, too big, bomb-like)
    ├── MachineFault        the machine could not do the work: disk full, read-only or unwritable folder,
    │   │                   a damaged or locked database (exit 3 / HTTP 503); names the file and the fix
    │   └── StorageError    storage unreachable or refused; names the endpoint
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
    """The prompt is empty or unusable, or its room size cannot be read."""


class LayoutError(InputError):
    """The objects cannot fit in the space; the message names what did not fit."""


class InvalidKeyError(InputError):
    """A storage key that is empty or could leave its prefix."""


class AssetError(DioramaError):
    """A generator or an asset file failed."""


class ValidationError(AssetError):
    """A GLB was refused: malformed, too big or bomb-like."""


class MachineFault(DioramaError):
    """The machine, not the request, stopped the work; the message names the file or endpoint and what to do.

    resource: the file, folder or endpoint at fault; kind: disk_full, read_only, permission, unwritable, io,
    damaged, locked, descriptors or storage (tools/core/faults.py makes them from OSError and SQLite errors).
    """

    def __init__(self, message: str, resource: str = "", kind: str = "") -> None:
        super().__init__(message)
        self.resource, self.kind = resource, kind


class StorageError(MachineFault):
    """Storage is unreachable or refused; the message names the endpoint."""

    def __init__(self, message: str, resource: str = "") -> None:
        super().__init__(message, resource, kind="storage")


class RenderError(DioramaError):
    """The browser could not load or render the page."""


class ReferenceSearchError(DioramaError):
    """The web reference search (SearxNG) failed; the size table still answers."""


class ModelError(DioramaError):
    """The model server failed; callers fall back."""


class ModelUnavailableError(ModelError):
    """Every endpoint refused, timed out, answered with an HTTP error, or has its circuit open."""


class ModelOutputError(ModelError):
    """The model answered, but not with valid JSON of the asked schema."""
