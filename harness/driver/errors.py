"""The one exception the driver turns into a single line and a non-zero exit."""


class UserError(Exception):
    """Bad input or an unusable environment: message is one line for the user."""

    def __init__(self, message, status=2):
        super().__init__(message)
        self.status = status
