"""WSGI entry point, as gunicorn serves it: ``gunicorn africa_site.wsgi``."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "africa_site.settings")
application = get_wsgi_application()
