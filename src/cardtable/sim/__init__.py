"""Simulation: matches between agents, batches over worker processes, benchmarks."""
