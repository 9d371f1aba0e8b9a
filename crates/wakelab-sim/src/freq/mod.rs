//! Frequency, turbo, idle-state and power models (spec §12-§13).
