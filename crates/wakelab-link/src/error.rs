//! Everything that can be wrong with a link, each with a message for people.

/// Why a link could not be read. `Display` is the message the page shows (plain text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("the link holds no experiment (nothing after '#')")]
    Empty,
    #[error("the link is {len} characters long; links longer than {max} characters are not read")]
    TooLong { len: usize, max: usize },
    #[error(
        "this is not a Wakelab link: the part after '#' should start with \"w1.\" (found {found:?})"
    )]
    WrongPrefix { found: String },
    #[error(
        "this link was made by a newer Wakelab (link format {found}); this version reads w1: \
         open it with the Wakelab that made it"
    )]
    FutureFormat { found: String },
    #[error("the link is damaged (not valid base64url: {detail}); was it cut or edited?")]
    Base64 { detail: String },
    #[error("the link is cut short (its compressed data ends early); copy the whole link")]
    Truncated,
    #[error("the link is damaged ({detail}); was it edited?")]
    Corrupt { detail: String },
    #[error("the link expands to more than {max} bytes and was not read (a decompression bomb?)")]
    TooLarge { max: usize },
    #[error("the link's JSON nests deeper than 128 levels and was not read")]
    TooDeep,
    #[error("the link's content is not valid JSON: {detail}")]
    Json { detail: String },
    #[error("number out of range at {path}: {detail}")]
    NumberOutOfRange { path: String, detail: String },
    #[error(
        "this link was made by a newer Wakelab (link version {v}); this version reads up to \
         version {latest}: open it with the Wakelab that made it"
    )]
    FutureVersion { v: u64, latest: u32 },
    #[error("link version {v} does not exist (versions start at 1)")]
    UnknownVersion { v: u64 },
    #[error(
        "the link is built on {what} {id:?}, which this Wakelab does not know (made by a newer \
         Wakelab?)"
    )]
    UnknownBase { what: &'static str, id: String },
    #[error("the link is malformed at {path}: {detail}")]
    Shape { path: String, detail: String },
    #[error("the experiment in the link is invalid: {field}: {message}")]
    InvalidExperiment { field: String, message: String },
    #[error("the view settings in the link are invalid: {field}: {message}")]
    InvalidView { field: String, message: String },
}

impl LinkError {
    /// A stable, short name of the case (for tests and telemetry-free UI logic).
    pub fn kind(&self) -> &'static str {
        match self {
            LinkError::Empty => "empty",
            LinkError::TooLong { .. } => "too_long",
            LinkError::WrongPrefix { .. } => "wrong_prefix",
            LinkError::FutureFormat { .. } => "future_format",
            LinkError::Base64 { .. } => "base64",
            LinkError::Truncated => "truncated",
            LinkError::Corrupt { .. } => "corrupt",
            LinkError::TooLarge { .. } => "too_large",
            LinkError::TooDeep => "too_deep",
            LinkError::Json { .. } => "json",
            LinkError::NumberOutOfRange { .. } => "number_out_of_range",
            LinkError::FutureVersion { .. } => "future_version",
            LinkError::UnknownVersion { .. } => "unknown_version",
            LinkError::UnknownBase { .. } => "unknown_base",
            LinkError::Shape { .. } => "shape",
            LinkError::InvalidExperiment { .. } => "invalid_experiment",
            LinkError::InvalidView { .. } => "invalid_view",
        }
    }
}

/// Classify a serde error met while reading the link's DTO or experiment at `path`.
pub(crate) fn from_serde(path: String, detail: String) -> LinkError {
    let path = if path.is_empty() || path == "." {
        "(top level)".to_string()
    } else {
        path
    };
    if detail.contains("invalid value: integer")
        || detail.contains("invalid type: floating point")
        || detail.contains("number out of range")
    {
        LinkError::NumberOutOfRange { path, detail }
    } else {
        LinkError::Shape { path, detail }
    }
}
