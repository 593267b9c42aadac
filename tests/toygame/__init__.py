"""A fourth game that exists only in the test suite, built to be unlike Africa: 1 to 6 players,
a hidden draw pile, a turn that ends with "pass", no board and no markers, and an option of its
own ("goal"). The suite registers it (``tests.settings``) so that every generic suite runs over
it too: a game that needs more than its folder and one registry word would fail them.
"""
