//! Seed 000 and 001 acceptance tests live in tests/.
