"""Uploaded records (to view, review and analyse), parsed once and kept in a small LRU cache."""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from shoal.records import Record, read

from ..errors import ApiError
from .store import Store

__all__ = ["RecordCache"]


class RecordCache:
    """Uploaded records, parsed once and kept in a small LRU cache."""

    def __init__(self, store: Store, size: int = 32) -> None:
        self.store = store
        self.size = size
        self.cache: OrderedDict[str, Record] = OrderedDict()

    async def get(self, record_id: str) -> Record:
        """The uploaded record ``record_id`` (404 when there is none); read from the
        database in a worker thread when it is not in the cache."""
        record = self.cache.get(record_id)
        if record is None:
            text = await asyncio.to_thread(self.store.load_record, record_id)
            if text is None:
                raise ApiError(404, "there is no record {record}", record=repr(record_id))
            record = read(text)
            self.put(record_id, record)
        self.cache.move_to_end(record_id)
        return record

    async def text(self, record_id: str) -> str:
        """The uploaded record's text as it was sent (404 when there is none)."""
        text = await asyncio.to_thread(self.store.load_record, record_id)
        if text is None:
            raise ApiError(404, "there is no record {record}", record=repr(record_id))
        return text

    async def add(self, record_id: str, text: str, record: Record) -> None:
        """Store the uploaded ``text`` (in a worker thread) and keep its ``record``."""
        await asyncio.to_thread(self.store.insert_record, record_id, text)
        self.put(record_id, record)

    def put(self, record_id: str, record: Record) -> None:
        """Keep ``record`` (the least recently used goes when the cache is full)."""
        self.cache[record_id] = record
        while len(self.cache) > self.size:
            self.cache.popitem(last=False)
