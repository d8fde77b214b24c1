"""What every layer may use: records, translation, loggers, a checksum, the input events.

May import nothing of the companion but :mod:`companion.locale` (the catalogs ``i18n``
loads). Kept small and cheap to import: the first frame imports all of it.
"""
