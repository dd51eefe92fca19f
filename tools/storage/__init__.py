"""Where files go: a local folder or S3-compatible object storage behind one Store interface."""
