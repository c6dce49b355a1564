"""Voila's settings for the app: `make app` and tests/browser/_servers.py load this file
(--Voila.config_file_paths=app).

Kernels: none started ahead of a visit, and the kernel of a page nobody has open is shut
down at most CULL_IDLE_TIMEOUT + CULL_INTERVAL seconds (25 s) after its last message, even
when the tab was killed without telling the server (the page normally asks for the
shutdown when it unloads). A page left open keeps its kernel however long it idles.
"""

from alhambra_lib.front_page import add_front_page

c = get_config()  # noqa: F821 (traitlets provides it to a config file)

CULL_IDLE_TIMEOUT = 20
CULL_INTERVAL = 5

c.VoilaConfiguration.preheat_kernel = False
c.MappingKernelManager.cull_idle_timeout = CULL_IDLE_TIMEOUT
c.MappingKernelManager.cull_interval = CULL_INTERVAL
c.MappingKernelManager.cull_connected = False  # an open page keeps its kernel
c.MappingKernelManager.cull_busy = False  # nor is a running computation stopped
# The front page: the notebook list as HTML the server writes (app/voila/templates/
# alhambra/tree.html), with the titles and reading times that add_front_page reads.
c.VoilaConfiguration.classic_tree = True
c.VoilaConfiguration.page_config_hook = add_front_page
