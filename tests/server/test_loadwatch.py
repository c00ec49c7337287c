"""scripts/loadwatch.py's account of a load test (issue 56): what each group of processes
used over the measured window, the processes that ended before it did included."""

from __future__ import annotations

from ._live import script


def test_the_clients_cpu_counts_up_to_their_last_sample_when_they_ended_before_the_last() -> None:
    """The load clients are joined before the watch's last sample: their CPU is what they
    used from the window's first sample to the last one that saw them (it read 0 before);
    a PostgreSQL backend born in the window counts from zero; the workers as before."""
    lw = script("loadwatch")
    watch = lw.Watch(server=1)
    samples = [
        lw.Sample(0.0, cpu={"worker 1": 10.0, "client 1": 5.0, "client 2": 7.0, "postgres": 1.0}),
        lw.Sample(5.0, cpu={"worker 1": 12.0, "client 1": 8.0, "client 2": 9.0, "postgres": 1.5}),
        lw.Sample(
            9.0,
            cpu={
                "worker 1": 13.0,
                "client 1": 9.0,
                "client 2": 10.0,
                "postgres": 2.0,
                "postgres 3": 0.5,
            },
        ),
        lw.Sample(10.0, cpu={"worker 1": 14.0, "postgres": 2.0, "postgres 3": 1.0}),
    ]
    watch.samples = samples
    report = watch.report()
    assert report["seconds"] == 10.0
    assert report["worker_cpu"] == {"worker 1": 0.4}
    assert report["client_cpu"] == round((9.0 - 5.0 + 10.0 - 7.0) / 10.0, 3)
    assert report["postgres_cpu"] == round((2.0 - 1.0 + 1.0) / 10.0, 3)
