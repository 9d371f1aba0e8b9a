//! Plots of Wakelab results, drawn with plotters on any backend.
