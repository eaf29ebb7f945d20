"""The WHATWG Encoding Standard and HTML's encoding sniffing.

* :func:`lookup` ("get an encoding") and :func:`get_encoding` turn a label
  into an :class:`Encoding`; every label of the standard is known.
* :func:`decode` is the standard's "decode" (a byte order mark wins, errors
  become U+FFFD); ``Encoding.decode`` runs one encoding's decoder and
  ``Encoding.decoder()`` gives a stateful decoder for a byte stream.
* :func:`bom_sniff` is "BOM sniff".
* :func:`sniff_encoding` is HTML's encoding sniffing algorithm (§13.2.3.2),
  :func:`prescan` its "prescan a byte stream to determine its encoding" and
  :func:`extract_encoding_from_meta` the algorithm for extracting a
  character encoding from a meta element.
* :func:`detect_encoding` is the optional autodetection step of that
  algorithm (UTF-8 for valid non-ASCII UTF-8, as browsers do for local
  files), which :func:`markup5.parse` takes unless ``detect=False``.

The decoders give exactly the standard's output, including where Python's
codecs differ (windows-1252's 0x81 is U+0081; x-user-defined; replacement;
the GB18030-2022 mappings of index gb18030 ...).  Data: the Encoding
Standard (https://encoding.spec.whatwg.org/, CC BY 4.0), converted by
tools/gen_encoding_data.py.
"""

from __future__ import annotations

from .core import ENCODINGS, Encoding, bom_sniff, decode, get_encoding, lookup
from .decoders import Decoder
from .detect import DETECT_LENGTH, detect_encoding
from .sniff import SniffResult, extract_encoding_from_meta, prescan, sniff_encoding

__all__ = [
    "Encoding", "Decoder", "ENCODINGS", "lookup", "get_encoding", "bom_sniff", "decode",
    "SniffResult", "sniff_encoding", "prescan", "extract_encoding_from_meta",
    "detect_encoding", "DETECT_LENGTH",
]
