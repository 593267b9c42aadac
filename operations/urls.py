"""The health pages: /health/ checks everything, /health/web/ what a web process needs.

A load balancer probes /health/web/ (200 or 500) to take a web process out of rotation; a
monitor probes /health/ (200 or 500; ?format=json for details) to alert a person.
"""

from django.urls import path
from health_check.views import HealthCheckView

WEB = ("health_check.checks.Database", "health_check.checks.Cache", "operations.checks.Broker")
ALL = (
    *WEB,
    "operations.checks.DeadlineSweep",
    "operations.checks.MailQueue",
    "operations.checks.LiveProcess",
)

urlpatterns = [
    path("", HealthCheckView.as_view(checks=ALL), name="health"),
    path("web/", HealthCheckView.as_view(checks=WEB), name="health_web"),
]
