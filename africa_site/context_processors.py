"""Template context shared by every page."""

from django.conf import settings


def site(request):
    """The site's name, for page titles and the header: ``{"site_name": str}``."""
    return {"site_name": settings.SITE_NAME}
