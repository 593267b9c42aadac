"""The Africa play-by-web site: settings, URLs, WSGI/ASGI entry points and the Celery app."""

from africa_site.celery import app as celery_app

__all__ = ["celery_app"]
