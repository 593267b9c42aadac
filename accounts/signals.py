"""What accounts tell the apps above them, which connect in their ``AppConfig.ready()``.

``vacation_ended``: sent by ``accounts.services.end_vacation`` inside its transaction, with
``user`` (the User), ``started`` and ``now`` (aware datetimes: the vacation's start and end).
The games move the deadlines of the turns that stood still (``games.services.deadlines``).
"""

from django.dispatch import Signal

vacation_ended = Signal()
