//! Reading a revision's search index without writing a byte: tantivy takes a lock file
//! (`.tantivy-meta.lock`) even to open a reader, which fails on a read-only mount or in
//! another user's folder. Arbiter's indexes are immutable once committed (a revision is
//! replaced by a new folder, never changed in place), so a reader needs no lock: this
//! directory reads through memory maps and refuses every write.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tantivy::directory::error::{
    DeleteError, LockError, OpenDirectoryError, OpenReadError, OpenWriteError,
};
use tantivy::directory::{
    Directory, DirectoryLock, FileHandle, Lock, MmapDirectory, WatchCallback, WatchHandle, WritePtr,
};

/// A folder of index files, for reading only.
#[derive(Debug, Clone)]
pub struct ReadOnly(MmapDirectory);

impl ReadOnly {
    pub fn open(dir: &Path) -> Result<ReadOnly, OpenDirectoryError> {
        MmapDirectory::open(dir).map(ReadOnly)
    }
}

fn refused(path: &Path) -> (Arc<io::Error>, PathBuf) {
    let e = io::Error::new(
        io::ErrorKind::PermissionDenied,
        "arbiter opened this search index for reading only",
    );
    (Arc::new(e), path.to_path_buf())
}

impl Directory for ReadOnly {
    fn get_file_handle(&self, path: &Path) -> Result<Arc<dyn FileHandle>, OpenReadError> {
        self.0.get_file_handle(path)
    }

    fn delete(&self, path: &Path) -> Result<(), DeleteError> {
        let (io_error, filepath) = refused(path);
        Err(DeleteError::IoError { io_error, filepath })
    }

    fn exists(&self, path: &Path) -> Result<bool, OpenReadError> {
        self.0.exists(path)
    }

    fn open_write(&self, path: &Path) -> Result<WritePtr, OpenWriteError> {
        let (io_error, filepath) = refused(path);
        Err(OpenWriteError::IoError { io_error, filepath })
    }

    fn atomic_read(&self, path: &Path) -> Result<Vec<u8>, OpenReadError> {
        self.0.atomic_read(path)
    }

    fn atomic_write(&self, path: &Path, _data: &[u8]) -> io::Result<()> {
        Err(Arc::into_inner(refused(path).0)
            .unwrap_or_else(|| io::ErrorKind::PermissionDenied.into()))
    }

    fn sync_directory(&self) -> io::Result<()> {
        Ok(())
    }

    /// No lock: the files never change under a reader (see the module's doc).
    fn acquire_lock(&self, _lock: &Lock) -> Result<DirectoryLock, LockError> {
        Ok(DirectoryLock::from(Box::new(())))
    }

    fn watch(&self, _callback: WatchCallback) -> tantivy::Result<WatchHandle> {
        Ok(WatchHandle::empty())
    }
}
