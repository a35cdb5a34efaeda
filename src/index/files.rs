//! Writing a finished tantivy index to plain files, without syncing each one, and reading
//! it back without a lock.
//!
//! Tantivy syncs every file it writes to disk (a dozen per index), and a sync costs tens
//! of milliseconds on a virtual disk: for the 82 corpus revisions, most of an ingest.
//! Instead each revision's index is built in memory and copied to its folder here with
//! plain writes, and the store makes everything durable with one file-system sync before
//! the new catalogue is committed (`store::Writer::commit`).

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tantivy::directory::error::{DeleteError, LockError, OpenReadError, OpenWriteError};
use tantivy::directory::{
    AntiCallToken, Directory, DirectoryLock, FileHandle, Lock, MmapDirectory, TerminatingWrite,
    WatchCallback, WatchHandle, WritePtr,
};

/// A write-only directory of plain files: the destination of `RamDirectory::persist`.
#[derive(Debug, Clone)]
pub struct PlainFiles {
    root: PathBuf,
}

impl PlainFiles {
    pub fn new(root: &Path) -> PlainFiles {
        PlainFiles {
            root: root.to_path_buf(),
        }
    }
}

/// A file that is flushed, not synced, when tantivy is done with it.
struct PlainFile(File);

impl Write for PlainFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

impl TerminatingWrite for PlainFile {
    fn terminate_ref(&mut self, _: AntiCallToken) -> io::Result<()> {
        self.0.flush()
    }
}

impl Directory for PlainFiles {
    fn get_file_handle(&self, path: &Path) -> Result<Arc<dyn FileHandle>, OpenReadError> {
        Err(OpenReadError::FileDoesNotExist(path.to_path_buf()))
    }

    fn delete(&self, path: &Path) -> Result<(), DeleteError> {
        std::fs::remove_file(self.root.join(path))
            .map_err(|_| DeleteError::FileDoesNotExist(path.to_path_buf()))
    }

    fn exists(&self, path: &Path) -> Result<bool, OpenReadError> {
        Ok(self.root.join(path).exists())
    }

    fn open_write(&self, path: &Path) -> Result<WritePtr, OpenWriteError> {
        let full = self.root.join(path);
        let file = File::create(&full).map_err(|e| OpenWriteError::wrap_io_error(e, full))?;
        Ok(io::BufWriter::new(Box::new(PlainFile(file))))
    }

    fn atomic_read(&self, path: &Path) -> Result<Vec<u8>, OpenReadError> {
        std::fs::read(self.root.join(path))
            .map_err(|_| OpenReadError::FileDoesNotExist(path.to_path_buf()))
    }

    fn atomic_write(&self, path: &Path, data: &[u8]) -> io::Result<()> {
        std::fs::write(self.root.join(path), data)
    }

    fn sync_directory(&self) -> io::Result<()> {
        Ok(())
    }

    fn watch(&self, _: WatchCallback) -> tantivy::Result<WatchHandle> {
        Ok(WatchHandle::empty())
    }
}

/// A finished revision index, read through memory maps and never written: its files never
/// change once built (a new one is built beside it and renamed into place), so a reader
/// needs none of tantivy's lock files, and an index the user cannot write still opens.
#[derive(Debug, Clone)]
pub struct ReadOnly(MmapDirectory);

impl ReadOnly {
    pub fn open(root: &Path) -> tantivy::Result<ReadOnly> {
        Ok(ReadOnly(MmapDirectory::open(root)?))
    }
}

fn read_only(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::PermissionDenied,
        format!("{}: a stored search index is never written", path.display()),
    )
}

impl Directory for ReadOnly {
    fn get_file_handle(&self, path: &Path) -> Result<Arc<dyn FileHandle>, OpenReadError> {
        self.0.get_file_handle(path)
    }

    fn delete(&self, path: &Path) -> Result<(), DeleteError> {
        Err(DeleteError::IoError {
            io_error: Arc::new(read_only(path)),
            filepath: path.to_path_buf(),
        })
    }

    fn exists(&self, path: &Path) -> Result<bool, OpenReadError> {
        self.0.exists(path)
    }

    fn open_write(&self, path: &Path) -> Result<WritePtr, OpenWriteError> {
        Err(OpenWriteError::wrap_io_error(
            read_only(path),
            path.to_path_buf(),
        ))
    }

    fn atomic_read(&self, path: &Path) -> Result<Vec<u8>, OpenReadError> {
        self.0.atomic_read(path)
    }

    fn atomic_write(&self, path: &Path, _: &[u8]) -> io::Result<()> {
        Err(read_only(path))
    }

    fn sync_directory(&self) -> io::Result<()> {
        Ok(())
    }

    fn watch(&self, _: WatchCallback) -> tantivy::Result<WatchHandle> {
        Ok(WatchHandle::empty())
    }

    /// Nothing to lock: no one writes a stored index.
    fn acquire_lock(&self, _: &Lock) -> Result<DirectoryLock, LockError> {
        Ok(DirectoryLock::from(Box::new(())))
    }
}
