//! Files written whole: the bytes go to `PATH.tmp` beside the file, which is renamed over
//! `PATH` once written, so that `PATH` holds either what it held or all of the new text, never
//! a part of it (an interruption, a full disk).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// `path` with `suffix` added to its name (`book.txt` → `book.txt.tmp`).
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(suffix);
    PathBuf::from(name)
}

/// Writes `bytes` as the whole of `path`, by way of `path.tmp` (removed if the write fails).
pub fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = with_suffix(path, ".tmp");
    let written = std::fs::File::create(&tmp)
        .and_then(|mut f| std::io::Write::write_all(&mut f, bytes).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_is_left() {
        let dir = std::env::temp_dir().join(format!("duel-whole-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.txt");
        std::fs::write(&path, "old").unwrap();
        write_whole(&path, b"new text").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new text");
        assert!(!with_suffix(&path, ".tmp").exists());
        // A folder that does not exist: an error, and nothing left behind.
        assert!(write_whole(&dir.join("none").join("b.txt"), b"x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
