"""The REST API and web UI server: thin routes over the job queue."""
