from django.urls import path

from notifications import views

urlpatterns = [
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("push/subscriptions/", views.push_subscriptions, name="push_subscriptions"),
    path(
        "push/subscriptions/<int:pk>/remove/",
        views.remove_push_subscription,
        name="push_subscription_remove",
    ),
]
