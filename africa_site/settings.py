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
import urllib.parse
from email.utils import getaddresses
from pathlib import Path

import environ
import sentry_sdk
from celery.schedules import crontab
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from africa_site.broker import SCHEME as BROKER_SCHEME
from africa_site.broker import embedded_broker_url
from games import GAMES

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
# Older keys, comma-separated, still accepted for signatures while a new key takes over.
SECRET_KEY_FALLBACKS = env.list("SECRET_KEY_FALLBACKS", default=[])

# Production fails closed: each service must be named, or its local default (a file under
# VAR_DIR on this one machine) allowed by name in ALLOW_LOCAL_SERVICES.
SERVICE_VARIABLES = ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "EMAIL_URL")
ALLOW_LOCAL_SERVICES = env.list("ALLOW_LOCAL_SERVICES", default=[])
if unknown := set(ALLOW_LOCAL_SERVICES) - set(SERVICE_VARIABLES):
    raise ImproperlyConfigured(
        f"ALLOW_LOCAL_SERVICES names {', '.join(sorted(unknown))}; "
        f"it may name only {', '.join(SERVICE_VARIABLES)}."
    )
if PRODUCTION and (
    missing := [
        name
        for name in SERVICE_VARIABLES
        if not os.environ.get(name) and name not in ALLOW_LOCAL_SERVICES
    ]
):
    raise ImproperlyConfigured(
        f"SECRET_KEY is set, so these are production settings, but {', '.join(missing)} "
        f"{'is' if len(missing) == 1 else 'are'} not. Set "
        f"{'it' if len(missing) == 1 else 'each'} (README.md, Settings), or keep the local "
        f"default on purpose with ALLOW_LOCAL_SERVICES={','.join(missing)}."
    )
DEBUG = env.bool("DEBUG", default=not PRODUCTION)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
SITE_NAME = env.str("SITE_NAME", default="Africa")
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000")

INSTALLED_APPS = [
    "accounts",
    "games",
    *(f"games.{name}" for name in GAMES),  # each game's partials and static files
    "notifications",
    "rulebooks",
    "ratings",
    "archive",
    "mailplay",
    "operations",
    "talk",
    "api",
    "calendars",
    "friends",
    "live",
    "tutorials",
    "leagues",
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
    "health_check",
    "ninja",  # serves the API document reader's scripts from the package, not a CDN
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # A play page's poll that finds nothing new, answered with one query (games.polling).
    "games.polling.FastPollMiddleware",
    # Compresses pages, htmx fragments and (locally) static files; in production WhiteNoise
    # serves its own precompressed static files, which this leaves alone.
    "django.middleware.gzip.GZipMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "africa_site.middleware.RefuseUnstorableInputMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "operations.logcontext.LogContextMiddleware",
    "accounts.middleware.UserPreferencesMiddleware",
    "africa_site.elision.FrenchElisionMiddleware",
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
                "games.context_processors.waiting_games",
                "notifications.context_processors.push",
            ],
        },
    },
]

# Database: SQLite under var/ unless DATABASE_URL names PostgreSQL.
if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": env.db_url("DATABASE_URL")}
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    # A health check costs every request one more round trip (SELECT 1) before its first
    # query. Without it, after a restart of PostgreSQL each web process's first request fails
    # once and its connection is replaced; CONN_HEALTH_CHECKS=True trades that for the round trip.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = env.bool("CONN_HEALTH_CHECKS", default=False)
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
# It holds nothing that cannot be lost, and the site works without it: while Redis is
# unreachable, django-redis answers every read with a miss and drops every write
# (IGNORE_EXCEPTIONS), after a short connect timeout; the rate limits let requests through
# (RATELIMIT_FAIL_OPEN, and an add that fails open for allauth's) and sessions are read from
# the database. After one failure, the process stops asking Redis for REDIS_RETRY_SECONDS
# (africa_site/redis_health.py: one breaker for the cache and the live news, one warning when
# Redis goes and one when it is back).
REDIS_URL = env.str("REDIS_URL", default="")
REDIS_RETRY_SECONDS = env.float("REDIS_RETRY_SECONDS", default=5.0)
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "africa_site.redis_health.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {
                "CONNECTION_POOL_CLASS": "africa_site.redis_health.BreakerConnectionPool",
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": env.float("REDIS_CONNECT_TIMEOUT", default=0.5),
                "SOCKET_TIMEOUT": env.float("REDIS_TIMEOUT", default=2.0),
            },
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": VAR_DIR / "cache",
        }
    }
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
DJANGO_REDIS_LOGGER = "africa_site.cache"
RATELIMIT_FAIL_OPEN = True

# Sessions are read from the shared cache and kept in the database, so a restart of the cache
# signs nobody out.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
    # Signs nobody in: a signed-in session finds its user through it, in the shared cache.
    "accounts.backends.CachedSessionBackend",
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
# Sign-in limits that slow a guesser without locking the owner out: failed passwords count
# per client address, and per address *and* client together (the adapter's key), so a guesser
# elsewhere never blocks the owner's own sign-in; and a sign-in code by mail is always a way in.
ACCOUNT_LOGIN_BY_CODE_ENABLED = True
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,30/h/ip,5/5m/key,20/d/key",
    "request_login_code": "20/m/ip,3/m/key,10/h/key",
}
# The ceiling of failed passwords for one address from all clients together ("count/period",
# a fixed window): past it, a password alone no longer signs in to that account; the code sent
# by mail is asked too, so a guesser with many addresses gets nowhere and the owner is never
# locked out.
LOGIN_CODE_AFTER_FAILURES = env.str("LOGIN_CODE_AFTER_FAILURES", default="20/d")
# The client's address behind a reverse proxy, for the sign-in rate limits that count per
# address: either the number of proxies that append to X-Forwarded-For (1 for one nginx), or
# the header one trusted proxy sets (e.g. X-Real-IP). With neither, REMOTE_ADDR is the client.
ALLAUTH_TRUSTED_PROXY_COUNT = env.int("ALLAUTH_TRUSTED_PROXY_COUNT", default=0)
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = env.str("ALLAUTH_TRUSTED_CLIENT_IP_HEADER", default="") or None
# With neither, `check --deploy` warns (accounts.W001); a site that clients reach directly
# silences it here.
SILENCED_SYSTEM_CHECKS = env.list("SILENCED_SYSTEM_CHECKS", default=[])

# What one account may do in an hour (accounts/limits.py, counted in the shared cache; the
# emailed replies in mailplay/limits.py, counted in the database: per game, and those that
# played nothing).
HOURLY_LIMITS = {
    "new_game": "10/h",
    "invitation": "30/h",
    "seat": "30/h",
    "mail_reply_game": "240/h",
    "mail_reply_unplayed": "30/h",
    "chat": "120/h",
}
#: Requests per personal token to the JSON API (django-ninja throttle rate).
API_RATE = env.str("API_RATE", default="300/m")
#: Requests per account to the JSON API, all its tokens together.
API_ACCOUNT_RATE = env.str("API_ACCOUNT_RATE", default="600/m")

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français"), ("nl", "Nederlands"), ("de", "Deutsch")]
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
if os.environ.get("EMAIL_URL"):
    globals().update(env.email_url("EMAIL_URL"))
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = VAR_DIR / "mail"
# Mails wait in the outbox (notifications.outbox) for its sender (notifications.sender). One that
# failed is tried again after MAIL_RETRY_BACKOFF seconds, then twice as long, ...,
# MAIL_MAX_ATTEMPTS times at most; a worker sending a mail holds it for MAIL_CLAIM_SECONDS, after
# which another sender may send it.
MAIL_RETRY_BACKOFF = env.int("MAIL_RETRY_BACKOFF", default=30)
MAIL_CLAIM_SECONDS = env.int("MAIL_CLAIM_SECONDS", default=120)
MAIL_MAX_ATTEMPTS = env.int("MAIL_MAX_ATTEMPTS", default=12)
# A turn mail waits while its player looks at the game: it goes out once they have neither
# acted nor had the page open for this many minutes.
TURN_MAIL_IDLE_MINUTES = env.int("TURN_MAIL_IDLE_MINUTES", default=5)
# HTML mails show the board as a PNG picture (CairoSVG; needs libcairo2). Off: text board only.
MAIL_BOARD_PICTURES = env.bool("MAIL_BOARD_PICTURES", default=True)
# A board picture is kept in the cache this many seconds (under 60 KB each), for the other mails
# that show the same board: the reminder of the turn, the digest, the answer to a reply.
MAIL_BOARD_CACHE_SECONDS = env.int("MAIL_BOARD_CACHE_SECONDS", default=24 * 60 * 60)
# The domain of the Message-IDs of the site's mails (by default the host of SITE_URL).
MESSAGE_ID_DOMAIN = env.str(
    "MESSAGE_ID_DOMAIN", default=urllib.parse.urlsplit(SITE_URL).hostname or "localhost"
)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default=f"{SITE_NAME} <noreply@localhost>")
SERVER_EMAIL = env.str("SERVER_EMAIL", default=DEFAULT_FROM_EMAIL)
# Web Push (notifications.push): the VAPID key pair that signs the site's pushes, as URL-safe
# base64 (the raw 32-byte private key, the raw 65-byte uncompressed public key; `manage.py
# vapid_keys` makes a pair), and the contact the push services see (mailto: or https:). Push is
# on when both keys are set; a site with push on and a key missing does not start (the check
# notifications.E001).
WEBPUSH_VAPID_PRIVATE_KEY = env.str("WEBPUSH_VAPID_PRIVATE_KEY", default="")
WEBPUSH_VAPID_PUBLIC_KEY = env.str("WEBPUSH_VAPID_PUBLIC_KEY", default="")
WEBPUSH_VAPID_SUBJECT = env.str("WEBPUSH_VAPID_SUBJECT", default="") or (
    "mailto:" + DEFAULT_FROM_EMAIL.rsplit("<", 1)[-1].strip("> ")
    if "@" in DEFAULT_FROM_EMAIL
    else SITE_URL
)
WEBPUSH_ENABLED = env.bool(
    "WEBPUSH_ENABLED", default=bool(WEBPUSH_VAPID_PRIVATE_KEY and WEBPUSH_VAPID_PUBLIC_KEY)
)
# Subscriptions of push services at http://127.0.0.1 or http://localhost are taken (a local
# push service while developing or testing); otherwise an endpoint must be https.
WEBPUSH_ALLOW_LOCAL_HTTP = env.bool("WEBPUSH_ALLOW_LOCAL_HTTP", default=DEBUG)
# Seconds a push service may take to answer before the push is retried as a failed mail is.
WEBPUSH_TIMEOUT = env.int("WEBPUSH_TIMEOUT", default=10)
# Playing by email: replies go to play+<token>@REPLY_DOMAIN; inbound webhooks (django-anymail)
# read their settings from ANYMAIL_<NAME> variables, e.g. ANYMAIL_WEBHOOK_SECRET=user:password.
REPLY_DOMAIN = env.str(
    "REPLY_DOMAIN", default=DEFAULT_FROM_EMAIL.rsplit("@", 1)[-1].strip("> ") or "localhost"
)
# The webhooks answer only when a secret guards them (mailplay/webhooks.py); MAIL_WEBHOOKS=off
# when replies come only through `manage.py receive_mail`.
MAIL_WEBHOOKS = env.bool("MAIL_WEBHOOKS", default=True)
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
# Computer players: the pause before a bot's move (seconds, so that people can follow the
# moves), and a cap on the hard bot's search iterations (empty: the engine's own budget).
BOT_PAUSE_SECONDS = env.float("BOT_PAUSE_SECONDS", default=1.5)
BOT_HARD_ITERATIONS = env.int("BOT_HARD_ITERATIONS", default=None)
# Leagues: the bot that plays the games still running when a season closes, and how long it may
# take for one game (seconds) before the game ends with the scores as they stand.
LEAGUE_CLOSE_BOT_LEVEL = env.str("LEAGUE_CLOSE_BOT_LEVEL", default="hard")
LEAGUE_CLOSE_SECONDS = env.float("LEAGUE_CLOSE_SECONDS", default=60.0)
# A finished solo game is compared with the hard bot's median score on the same rules,
# measured in the background over this many solo games and kept this many seconds.
BOT_SOLO_GAMES = env.int("BOT_SOLO_GAMES", default=9)
BOT_SOLO_CACHE_SECONDS = env.int("BOT_SOLO_CACHE_SECONDS", default=30 * 24 * 60 * 60)
# The bot's review of a finished game (archive.tasks.review_game): at most this many CPU
# seconds of one worker a game, and this many playouts to judge a position.
GAME_REVIEW_SECONDS = env.float("GAME_REVIEW_SECONDS", default=120.0)
GAME_REVIEW_PLAYOUTS = env.int("GAME_REVIEW_PLAYOUTS", default=8)
CELERY_TASK_IGNORE_RESULT = True
# The worker rides through a broker outage: it tries to reconnect for ever (Celery's default
# gives up after 100 tries and the worker exits), also when the broker is down at its start.
# A task sent while the broker is down fails at once instead of blocking the request: the
# outbox and the sweeps pick up what such a task would have done.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CONNECTION_TIMEOUT = env.float("CELERY_BROKER_CONNECTION_TIMEOUT", default=2.0)
# The queue tasks are sent to and workers consume by default (workers started with --queues
# take theirs; a task a worker sends goes here).
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_TASK_DEFAULT_QUEUE", default="celery")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_BEAT_SCHEDULE = {
    "send-outbox": {"task": "notifications.tasks.send_outbox", "schedule": 30.0},
    "sweep-deadlines": {"task": "games.tasks.sweep_deadlines", "schedule": 60.0},
    "review-finished-games": {
        "task": "archive.tasks.review_finished_games",
        "schedule": 600.0,
    },
    "daily-digests": {"task": "games.tasks.send_daily_digests", "schedule": crontab(minute=0)},
    "end-used-up-vacations": {
        "task": "games.tasks.end_used_up_vacations",
        "schedule": crontab(minute=30),
    },
    "start-and-close-league-seasons": {
        "task": "leagues.tasks.start_and_close_seasons",
        "schedule": crontab(minute="*/10"),
    },
    "clear-expired-sessions": {
        "task": "operations.tasks.clear_expired_sessions",
        "schedule": crontab(hour=3, minute=15),
    },
    "prune-mail-records": {
        "task": "operations.tasks.prune_mail_records",
        "schedule": crontab(hour=3, minute=45),
    },
}
# Housekeeping: sent mails and handled inbound mails are kept this many days, then deleted.
MAIL_RETENTION_DAYS = env.int("MAIL_RETENTION_DAYS", default=30)
INBOUND_RETENTION_DAYS = env.int("INBOUND_RETENTION_DAYS", default=30)
# The health page (/health/) fails when the deadline sweep last ran longer ago than this, or
# when a mail has waited to be sent longer than this (seconds).
HEALTH_SWEEP_MAX_AGE = env.int("HEALTH_SWEEP_MAX_AGE", default=5 * 60)
HEALTH_MAIL_MAX_AGE = env.int("HEALTH_MAIL_MAX_AGE", default=15 * 60)

# The live play page (the ``live`` app): open play pages hold a Server-Sent Events stream of
# the live process (``live.asgi``), which tells them each new version of their game. Production
# serves it on the site's own origin under /live/ (the proxy routes it to the live processes);
# `make run` serves it beside the development server, on the next port (LIVE_URL absolute, and
# the site's own origins allowed to read it across the port).
LIVE_URL = env.str("LIVE_URL", default="/live/")
LIVE_ALLOWED_ORIGINS = env.list("LIVE_ALLOWED_ORIGINS", default=[])
# Production: the Redis pub/sub channel on which the site publishes "game G is at version N".
LIVE_CHANNEL = env.str("LIVE_CHANNEL", default="live:games")
# Embedded (no REDIS_URL): how often the live process reads the versions of the games it
# watches, in one query (seconds).
LIVE_POLL_SECONDS = env.float("LIVE_POLL_SECONDS", default=0.25)
# The answer to a play page's poll or move carries only the pieces of the page that changed,
# unless the page is more than this many versions behind: then the whole game partial.
GAME_PATCH_VERSIONS = env.int("GAME_PATCH_VERSIONS", default=20)
# How often a stream with nothing to say sends a comment, so that proxies keep it (seconds).
LIVE_PING_SECONDS = env.float("LIVE_PING_SECONDS", default=15.0)
# The live process's health endpoint, which /health/ checks (empty: not checked), e.g.
# "http://127.0.0.1:8002/live/health".
LIVE_HEALTH_URL = env.str("LIVE_HEALTH_URL", default="")
# The most open streams one live process holds (past it: 503 with Retry-After, and the pages
# poll), and those of one poll token (one page: its tabs and reloads), one session (one
# person's tabs) and one client address (behind the trusted proxy settings above; a school or
# an office shares one). 0: no bound.
LIVE_MAX_STREAMS = env.int("LIVE_MAX_STREAMS", default=10_000)
LIVE_STREAMS_PER_TOKEN = env.int("LIVE_STREAMS_PER_TOKEN", default=4)
LIVE_STREAMS_PER_SESSION = env.int("LIVE_STREAMS_PER_SESSION", default=12)
LIVE_STREAMS_PER_ADDRESS = env.int("LIVE_STREAMS_PER_ADDRESS", default=64)


def _live_origin(url: str) -> list[str]:
    """The origin of an absolute LIVE_URL ("http://host:port"), for the CSP's connect-src."""
    parts = urllib.parse.urlsplit(url)
    return [f"{parts.scheme}://{parts.netloc}"] if parts.netloc else []


# Content-Security-Policy: nothing is loaded from another host, no inline script or style.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF, *_live_origin(LIVE_URL)],
        # The installable app: its service worker and manifest, from the site itself.
        "worker-src": [SELF],
        "manifest-src": [SELF],
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
    # A load balancer probes the health pages over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^health/"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)

# Who gets a mail about each server error (Django's mail_admins handler, production only):
# ADMINS="Ada <ada@example.org>, ops@example.org".
ADMINS = [(name or email, email) for name, email in getaddresses(env.list("ADMINS", default=[]))]

# Every log line says which game and which user it is about ("-" when none): the request's or
# the task's, set by operations.logcontext. Celery leaves the root logger to these settings.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "context": {"()": "operations.logcontext.ContextFilter"},
        "redis_outage": {"()": "africa_site.redis_health.OutageFilter"},
    },
    "formatters": {
        "keyvalue": {
            "format": "%(asctime)s level=%(levelname)s logger=%(name)s game=%(game)s "
            "user=%(user)s process=%(processName)s %(message)s"
        }
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["context"],
            "formatter": "keyvalue",
        }
    },
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        DJANGO_REDIS_LOGGER: {"filters": ["redis_outage"]},
    },
}
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# Error reporting to Sentry when SENTRY_DSN is set (Django and Celery are found on their own).
# Local variables and request bodies are never sent: they may hold a game's hidden state.
SENTRY_DSN = env.str("SENTRY_DSN", default="")
if SENTRY_DSN:
    sentry_sdk.init(
        dsn=SENTRY_DSN,
        environment=env.str("SENTRY_ENVIRONMENT", default="production" if PRODUCTION else "local"),
        send_default_pii=False,
        include_local_variables=False,
        max_request_body_size="never",
        traces_sample_rate=env.float("SENTRY_TRACES_SAMPLE_RATE", default=0.0),
    )
