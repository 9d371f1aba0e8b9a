//! rt-app JSON import/export (placeholder while being written).
