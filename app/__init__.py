"""The edges of Diorama: the CLI, the REST API and the job queue with its workers."""
