# The app's image, for a school's server or a JupyterHub (one pupil's server per container):
# the pinned environment (binder/requirements.txt, as Binder and CI install it), the app from
# this checkout, and the simulation engine's compile baked in. It serves the app alone, through
# its one command, with the lessons as the landing page (docs/teachers.md, "A container image").
#
#   docker build -t toptrumps-classroom .
#   docker run --rm -p 8866:8888 toptrumps-classroom      # then open http://localhost:8866/
FROM python:3.11-slim

# Hubs run single-user images as uid 1000 with a home folder, as Jupyter's own images do.
ARG NB_USER=jovyan
ARG NB_UID=1000
RUN useradd --create-home --uid "${NB_UID}" "${NB_USER}"

COPY binder/requirements.txt /tmp/requirements.txt
RUN python -m pip install --no-cache-dir -r /tmp/requirements.txt
COPY . /tmp/toptrumps-classroom
RUN python -m pip install --no-cache-dir --no-deps /tmp/toptrumps-classroom \
    && rm -rf /tmp/toptrumps-classroom /tmp/requirements.txt
# Compiled beside the installed code, before the pupils' user takes over: every page reads it from there.
RUN toptrumps-classroom warm-up

USER ${NB_USER}
WORKDIR /home/${NB_USER}
EXPOSE 8888
# On a JupyterHub, the hub's prefix for the user's server (JUPYTERHUB_SERVICE_PREFIX) is the base URL.
CMD ["toptrumps-classroom", "serve", "--no-browser", "--ip=0.0.0.0", "--port=8888"]
