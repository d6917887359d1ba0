"""The key layout: the written-out partition tags are the ones the rule finds, and each lies
in its own share of the slot space (so partitions spread over the masters)."""

from __future__ import annotations

from redis.crc import REDIS_CLUSTER_HASH_SLOTS, key_slot

from tables.engine import keys


def test_the_written_out_partition_tags_are_the_best_candidates():
    assert len(keys.PARTITION_TAGS) == keys.PARTITIONS
    for partition, tag in enumerate(keys.PARTITION_TAGS):
        assert tag == keys.best_partition_tag(partition)


def test_each_partition_tag_lies_in_its_share_of_the_slots():
    share = REDIS_CLUSTER_HASH_SLOTS // keys.PARTITIONS
    for partition in range(keys.PARTITIONS):
        slot = key_slot(keys.partition_tag(partition).encode())
        assert partition * share <= slot < (partition + 1) * share
        assert keys.CLUSTERED.partition(f"{{{keys.partition_tag(partition)}}}") == partition
