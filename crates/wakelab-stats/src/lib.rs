//! mmtests-style statistics and the compare-mmtests text layout.
