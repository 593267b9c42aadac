"""A locmem mail backend that records how many messages each opened connection carried."""

from django.core.mail.backends.locmem import EmailBackend as LocmemBackend

OPENED: list[int] = []  # one entry per open(): the messages sent before close()


class EmailBackend(LocmemBackend):
    def open(self):
        OPENED.append(0)
        return True

    def send_messages(self, messages):
        if OPENED:
            OPENED[-1] += len(messages)
        return super().send_messages(messages)
