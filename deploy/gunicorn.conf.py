"""gunicorn's settings for the production web processes (``gunicorn -c deploy/gunicorn.conf.py``).

Every value can be overridden by an environment variable named in brackets. The application is
``africa_site.wsgi``; it listens on loopback for a reverse proxy that terminates HTTPS
(README.md, Production).
"""

import multiprocessing
import os

wsgi_app = "africa_site.wsgi:application"
# [GUNICORN_BIND] host:port or unix:/path; the reverse proxy connects here.
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8001")
# [GUNICORN_WORKERS] processes per machine: by default two per core, plus one.
workers = int(os.environ.get("GUNICORN_WORKERS", 2 * multiprocessing.cpu_count() + 1))
# [GUNICORN_THREADS] threads per process (requests mostly wait on the database).
threads = int(os.environ.get("GUNICORN_THREADS", 2))
# A request taking longer than this is a bug: the worker is killed and restarted.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))
graceful_timeout = 30
keepalive = 5
# Recycle each process after about this many requests, staggered, to bound slow leaks.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", 2000))
max_requests_jitter = 200
# Load the application once in the master, so a broken deploy fails at start, not per request.
preload_app = True
# Logs to standard output/error for systemd's journal or the container runtime.
accesslog = "-"
errorlog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
# The proxy on the same machine sets X-Forwarded-Proto; trust it from loopback only.
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
