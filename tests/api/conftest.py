"""API clients: a token per persona, sent as the Authorization header."""

import pytest
from django.test import Client

from api.tokens import make_token


class ApiClient:
    """A test client that sends ``user``'s new personal token with every request."""

    def __init__(self, user):
        self.row, self.token = make_token(user, "tests")
        self.client = Client()
        self.headers = {"Authorization": f"Bearer {self.token}"}

    def get(self, path):
        return self.client.get(f"/api/v1{path}", headers=self.headers)

    def post(self, path, data):
        return self.client.post(
            f"/api/v1{path}", data, content_type="application/json", headers=self.headers
        )


@pytest.fixture
def api_for(db):
    return ApiClient
