"""The settings: embedded defaults for a laptop, hardened defaults for production."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVICE_VARIABLES = {
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "REDIS_URL",
    "EMAIL_URL",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "ALLOW_LOCAL_SERVICES",
    "SECRET_KEY_FALLBACKS",
    "SENTRY_DSN",
    "ADMINS",
    "ALLAUTH_TRUSTED_PROXY_COUNT",
    "ALLAUTH_TRUSTED_CLIENT_IP_HEADER",
    "SILENCED_SYSTEM_CHECKS",
}


def manage(args, extra_env, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
    env |= {"VAR_DIR": str(tmp_path / "var"), "DJANGO_SETTINGS_MODULE": "africa_site.settings"}
    env |= extra_env
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


PRINT_SETTINGS = (
    "from django.conf import settings; "
    "print(settings.DATABASES['default']['ENGINE']); "
    "print(settings.CELERY_BROKER_URL); "
    "print(settings.EMAIL_BACKEND); "
    "print(settings.CACHES['default']['BACKEND']); "
    "print(settings.DEBUG)"
)


def printed_settings(extra_env, tmp_path) -> list[str]:
    """The database engine, broker, mail backend, cache backend and DEBUG under ``extra_env``."""
    result = manage(["shell", "-v", "0", "-c", PRINT_SETTINGS], extra_env, tmp_path)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_default_settings_need_no_external_service(tmp_path):
    engine, broker, mail, cache, debug = printed_settings({}, tmp_path)

    assert engine == "django.db.backends.sqlite3"
    assert broker == f"sqlite-wal+sqlite:///{tmp_path / 'var' / 'celery.sqlite3'}"
    assert mail == "django.core.mail.backends.filebased.EmailBackend"
    assert cache == "django.core.cache.backends.filebased.FileBasedCache"
    assert debug == "True"


def test_default_settings_migrate_and_pass_the_checks(tmp_path):
    result = manage(["migrate", "--noinput"], {}, tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "var" / "db.sqlite3").exists()

    assert manage(["check"], {}, tmp_path).returncode == 0


PRODUCTION = {
    "SECRET_KEY": "x7Kq!p2VdLm9#sRt4Wz8@Yb3Nc6&Hj1Fg5Ue0Ai-Oo_Pl*Mk(Qw)Er+Ty=Xu?Zv",
    "ALLOWED_HOSTS": "africa.example.org",
    "DATABASE_URL": "postgres://africa@db.example.org:5432/africa",
    "REDIS_URL": "redis://cache.example.org:6379/0",
    "CELERY_BROKER_URL": "redis://cache.example.org:6379/1",
    "EMAIL_URL": "smtp+tls://mailer:secret@smtp.example.org:587",
    "ANYMAIL_WEBHOOK_SECRET": "mailer:webhook-secret",
    "ALLAUTH_TRUSTED_PROXY_COUNT": "1",
}


def test_production_settings_pass_the_deployment_checklist(tmp_path):
    result = manage(["check", "--deploy", "--fail-level", "WARNING"], PRODUCTION, tmp_path)

    assert result.returncode == 0, result.stderr + result.stdout
    assert "System check identified no issues" in result.stdout


def test_the_deployment_checklist_warns_without_the_clients_address(tmp_path):
    unset = {k: v for k, v in PRODUCTION.items() if k != "ALLAUTH_TRUSTED_PROXY_COUNT"}
    header = unset | {"ALLAUTH_TRUSTED_CLIENT_IP_HEADER": "X-Real-IP"}
    silenced = unset | {"SILENCED_SYSTEM_CHECKS": "accounts.W001"}

    warned = manage(["check", "--deploy", "--fail-level", "WARNING"], unset, tmp_path)
    quiet = [
        manage(["check", "--deploy", "--fail-level", "WARNING"], extra, tmp_path)
        for extra in (header, silenced)
    ]

    assert warned.returncode != 0 and "accounts.W001" in warned.stderr + warned.stdout
    assert [result.returncode for result in quiet] == [0, 0]


def test_production_settings_use_the_named_services(tmp_path):
    engine, broker, mail, cache, debug = printed_settings(PRODUCTION, tmp_path)

    assert engine == "django.db.backends.postgresql"
    assert broker == "redis://cache.example.org:6379/1"
    assert mail == "django.core.mail.backends.smtp.EmailBackend"
    assert cache == "africa_site.redis_health.RedisCache"  # django-redis behind the breaker
    assert debug == "False"


@pytest.mark.parametrize("debug", ["", "DEBUG=True"])
def test_debug_can_be_forced_on_only_explicitly(tmp_path, debug):
    extra = PRODUCTION | (dict([debug.split("=")]) if debug else {})

    assert printed_settings(extra, tmp_path)[-1] == ("True" if debug else "False")


@pytest.mark.parametrize("missing", ["DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "EMAIL_URL"])
def test_production_refuses_to_start_without_a_service(tmp_path, missing):
    extra = {k: v for k, v in PRODUCTION.items() if k != missing}

    result = manage(["check"], extra, tmp_path)

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert f"but {missing} is not" in result.stderr
    assert f"ALLOW_LOCAL_SERVICES={missing}" in result.stderr


def test_production_names_every_missing_service_at_once(tmp_path):
    result = manage(["check"], {"SECRET_KEY": PRODUCTION["SECRET_KEY"]}, tmp_path)

    assert result.returncode != 0
    assert "DATABASE_URL, REDIS_URL, CELERY_BROKER_URL, EMAIL_URL are not" in result.stderr


def test_a_local_default_is_kept_in_production_only_when_allowed_by_name(tmp_path):
    extra = {k: v for k, v in PRODUCTION.items() if k != "EMAIL_URL"}
    extra["ALLOW_LOCAL_SERVICES"] = "EMAIL_URL"

    engine, broker, mail, cache, debug = printed_settings(extra, tmp_path)

    assert mail == "django.core.mail.backends.filebased.EmailBackend"
    assert debug == "False"
    wrong = manage(["check"], extra | {"ALLOW_LOCAL_SERVICES": "EMAIL"}, tmp_path)
    assert wrong.returncode != 0 and "ALLOW_LOCAL_SERVICES names EMAIL" in wrong.stderr


SHOW = (
    "from django.conf import settings; import sentry_sdk; "
    "print(settings.SECRET_KEY_FALLBACKS); print(settings.ADMINS); "
    "print(sentry_sdk.get_client().is_active())"
)


def shown(extra, tmp_path) -> list[str]:
    result = manage(["shell", "-v", "0", "-c", SHOW], extra, tmp_path)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_old_keys_admins_and_sentry_come_from_the_environment(tmp_path):
    extra = PRODUCTION | {
        "SECRET_KEY_FALLBACKS": "old-key-1,old-key-2",
        "ADMINS": "Ada Lovelace <ada@example.org>, ops@example.org",
        "SENTRY_DSN": "https://0123456789abcdef@sentry.example.org/1",
    }

    fallbacks, admins, sentry = shown(extra, tmp_path)

    assert fallbacks == "['old-key-1', 'old-key-2']"
    assert admins == "[('Ada Lovelace', 'ada@example.org'), ('ops@example.org', 'ops@example.org')]"
    assert sentry == "True"


def test_sentry_is_off_without_a_dsn(tmp_path):
    assert shown(PRODUCTION, tmp_path) == ["[]", "[]", "False"]


def test_a_session_signed_with_an_old_key_still_verifies(tmp_path):
    sign = "from django.core import signing; print(signing.dumps('seat 2'))"
    old = manage(
        ["shell", "-v", "0", "-c", sign], PRODUCTION | {"SECRET_KEY": "old-" + "k" * 50}, tmp_path
    )
    token = old.stdout.strip()
    check = f"from django.core import signing; print(signing.loads({token!r}))"
    rotated = PRODUCTION | {
        "SECRET_KEY": "new-" + "n" * 50,
        "SECRET_KEY_FALLBACKS": "old-" + "k" * 50,
    }

    assert manage(["shell", "-v", "0", "-c", check], rotated, tmp_path).stdout.strip() == "seat 2"
    assert (
        manage(
            ["shell", "-v", "0", "-c", check],
            PRODUCTION | {"SECRET_KEY": "new-" + "n" * 50},
            tmp_path,
        ).returncode
        != 0
    )
