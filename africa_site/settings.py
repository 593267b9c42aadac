"""Settings for the Africa play-by-web site.

Everything comes from environment variables with safe local defaults. With no variable set the
site runs on one machine with no service: SQLite under var/, a Celery broker on the SQLite file
var/celery.sqlite3 (africa_site/broker.py), a cache under var/cache/ and mail written as files
under var/mail/.

Setting SECRET_KEY switches to production defaults (DEBUG off, HTTPS-only cookies, HSTS);
DATABASE_URL, CELERY_BROKER_URL, REDIS_URL, EMAIL_URL and ALLOWED_HOSTS point the site at real
services. README.md lists every variable.
"""

import os
import secrets
from pathlib import Path

import environ
from celery.schedules import crontab
from csp.constants import NONE, SELF

from africa_site.broker import SCHEME as BROKER_SCHEME
from africa_site.broker import embedded_broker_url

BASE_DIR = Path(__file__).resolve().parent.parent
env = environ.Env()

VAR_DIR = Path(env.str("VAR_DIR", default=str(BASE_DIR / "var")))


def _local_secret_key() -> str:
    """A random key kept in var/secret-key, so local sessions survive a restart."""
    path = VAR_DIR / "secret-key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
    return path.read_text().strip()


PRODUCTION = "SECRET_KEY" in os.environ
SECRET_KEY = env.str("SECRET_KEY") if PRODUCTION else _local_secret_key()
DEBUG = env.bool("DEBUG", default=not PRODUCTION)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
SITE_NAME = env.str("SITE_NAME", default="Africa")
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000")

INSTALLED_APPS = [
    "accounts",
    "games",
    "notifications",
    "rulebooks",
    "ratings",
    "archive",
    "mailplay",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "allauth",
    "allauth.account",
    "django_celery_beat",
    "django_htmx",
    "template_partials",
    "csp",
    "anymail",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserPreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "africa_site.urls"
WSGI_APPLICATION = "africa_site.wsgi.application"
ASGI_APPLICATION = "africa_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.tz",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "africa_site.context_processors.site",
            ],
        },
    },
]

# Database: SQLite under var/ unless DATABASE_URL names PostgreSQL.
if "DATABASE_URL" in os.environ:
    DATABASES = {"default": env.db_url("DATABASE_URL")}
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "db.sqlite3",
            # The web server, the worker and beat share the file: WAL lets readers go on while
            # one writes, and IMMEDIATE transactions queue writers instead of failing them.
            "OPTIONS": {
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Cache: shared by every process (allauth's rate limits live here), so never process memory.
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": VAR_DIR / "cache",
        }
    }

# Sessions are read from the shared cache and kept in the database, so a restart of the cache
# signs nobody out.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"

# django-allauth: email login, a display name at sign-up, verified addresses before play.
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {"signup": "accounts.forms.SignupForm"}
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = f"[{SITE_NAME}] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if PRODUCTION else "http"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français"), ("nl", "Nederlands")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
MEDIA_ROOT = VAR_DIR / "media"
if not PRODUCTION:
    # Locally, files are served from the apps' folders; WhiteNoise only needs the folder to exist.
    WHITENOISE_USE_FINDERS = True
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)

# Mail: files under var/mail/ unless EMAIL_URL names an SMTP server (smtp://, smtp+tls://, ...).
if "EMAIL_URL" in os.environ:
    globals().update(env.email_url("EMAIL_URL"))
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = VAR_DIR / "mail"
# A mail that failed is tried again after MAIL_RETRY_BACKOFF seconds, then twice as long, ...;
# a worker sending a mail holds it for MAIL_CLAIM_SECONDS, after which a retry may send it.
MAIL_RETRY_BACKOFF = env.int("MAIL_RETRY_BACKOFF", default=30)
MAIL_CLAIM_SECONDS = env.int("MAIL_CLAIM_SECONDS", default=120)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default=f"{SITE_NAME} <noreply@localhost>")
SERVER_EMAIL = env.str("SERVER_EMAIL", default=DEFAULT_FROM_EMAIL)
# Playing by email: replies go to play+<token>@REPLY_DOMAIN; inbound webhooks (django-anymail)
# read their settings from ANYMAIL_<NAME> variables, e.g. ANYMAIL_WEBHOOK_SECRET=user:password.
REPLY_DOMAIN = env.str(
    "REPLY_DOMAIN", default=DEFAULT_FROM_EMAIL.rsplit("@", 1)[-1].strip("> ") or "localhost"
)
ANYMAIL = {
    name.removeprefix("ANYMAIL_"): value
    for name, value in os.environ.items()
    if name.startswith("ANYMAIL_")
}

# Celery: an embedded broker on a SQLite file in var/ unless CELERY_BROKER_URL names Redis.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="") or embedded_broker_url(VAR_DIR)
# A task whose worker died before acknowledging it is delivered again after this long (Redis).
CELERY_BROKER_TRANSPORT_OPTIONS = (
    {}
    if CELERY_BROKER_URL.startswith(BROKER_SCHEME)
    else {"visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=60 * 60)}
)
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_BEAT_SCHEDULE = {
    "sweep-deadlines": {"task": "games.tasks.sweep_deadlines", "schedule": 60.0},
    "daily-digests": {"task": "games.tasks.send_daily_digests", "schedule": crontab(minute=0)},
    "end-used-up-vacations": {
        "task": "games.tasks.end_used_up_vacations",
        "schedule": crontab(minute=30),
    },
}

# Content-Security-Policy: nothing is loaded from another host, no inline script or style.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "object-src": [NONE],
    }
}

# Production: HTTPS behind a reverse proxy that sets X-Forwarded-Proto.
if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}
