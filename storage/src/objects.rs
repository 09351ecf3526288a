//! The file store: objects by key, behind the `object_store` crate — the local filesystem by
//! default, an S3-compatible bucket when configured (what several server processes on different
//! machines must share: uploads, slices, generated downloads).

use std::sync::Arc;

use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreExt, WriteMultipart};

use crate::{Result, StorageError};

/// Parts of this size are handed to the store while a stream is written.
const PART: usize = 5 * 1024 * 1024;

#[derive(Clone)]
pub struct Objects {
    store: Arc<dyn ObjectStore>,
}

/// Where an S3-compatible store is. Unset fields come from the standard `AWS_*` environment
/// (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`, `AWS_REGION`, …), then
/// from the instance's role.
#[derive(Debug, Clone, Default)]
pub struct S3Config {
    pub bucket: String,
    /// Another service than AWS (MinIO, Ceph, a cloud's S3 endpoint): its base URL. Such
    /// endpoints are addressed path-style (`{endpoint}/{bucket}/{key}`).
    pub endpoint: Option<String>,
    pub region: Option<String>,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
}

fn store_error(e: object_store::Error) -> StorageError {
    match e {
        object_store::Error::NotFound { .. } => StorageError::NotFound,
        other if out_of_space(&other) => StorageError::StorageFull(other.to_string()),
        other => StorageError::Bus(format!("file store: {other}")),
    }
}

/// Whether an error comes from a full disk or quota (the local store's I/O error, wrapped).
fn out_of_space(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(e);
    while let Some(err) = cause {
        if let Some(io) = err.downcast_ref::<std::io::Error>() {
            if matches!(io.kind(), std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded) {
                return true;
            }
        }
        cause = err.source();
    }
    false
}

impl Objects {
    /// Objects under `root` on the local filesystem.
    pub fn local(root: &std::path::Path) -> Result<Objects> {
        std::fs::create_dir_all(root).map_err(|e| StorageError::Bus(format!("creating {}: {e}", root.display())))?;
        Ok(Objects { store: Arc::new(LocalFileSystem::new_with_prefix(root).map_err(store_error)?) })
    }

    /// Objects in an S3-compatible bucket. Nothing is fetched here: a wrong bucket or key shows
    /// on the first call (see [`Objects::check`]).
    pub fn s3(config: &S3Config) -> Result<Objects> {
        let mut builder = AmazonS3Builder::from_env().with_bucket_name(&config.bucket);
        if let Some(endpoint) = &config.endpoint {
            builder = builder.with_endpoint(endpoint).with_allow_http(endpoint.starts_with("http://")).with_virtual_hosted_style_request(false);
        }
        if let Some(region) = &config.region {
            builder = builder.with_region(region);
        }
        if let Some(key) = &config.access_key_id {
            builder = builder.with_access_key_id(key);
        }
        if let Some(secret) = &config.secret_access_key {
            builder = builder.with_secret_access_key(secret);
        }
        let store = builder.build().map_err(|e| StorageError::Bus(format!("file store: {e}")))?;
        Ok(Objects { store: Arc::new(store) })
    }

    /// Lists one object of the store: a store that cannot be reached or read fails here, at
    /// start, rather than on a user's first upload.
    pub async fn check(&self) -> Result<()> {
        let mut listing = self.store.list(None);
        match listing.next().await {
            None | Some(Ok(_)) => Ok(()),
            Some(Err(e)) => Err(store_error(e)),
        }
    }

    /// Writes the local file at `path` as the object `key`, streamed; answers its size.
    pub async fn put_file(&self, key: &str, path: &std::path::Path) -> Result<u64> {
        let file = tokio::fs::File::open(path).await.map_err(|e| StorageError::Bus(format!("opening {}: {e}", path.display())))?;
        let chunks = tokio_util::io::ReaderStream::with_capacity(file, 256 * 1024);
        let (size, _) = self.put_stream(key, chunks, u64::MAX).await?;
        Ok(size)
    }

    /// Writes a stream of chunks as the object `key`, part by part (never the whole object in
    /// memory); answers the size and SHA-256 (hex) of what was written. `max` bytes at most.
    pub async fn put_stream<S, E>(&self, key: &str, mut chunks: S, max: u64) -> Result<(u64, String)>
    where
        S: Stream<Item = std::result::Result<Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        use sha2::{Digest, Sha256};
        let path = ObjectPath::from(key);
        let upload = self.store.put_multipart(&path).await.map_err(store_error)?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, PART);
        let (mut size, mut hasher) = (0u64, Sha256::new());
        while let Some(chunk) = chunks.next().await {
            let chunk = match chunk {
                Ok(c) => c,
                Err(e) => {
                    let _ = writer.abort().await;
                    return Err(StorageError::Bus(format!("reading the upload: {e}")));
                }
            };
            size += chunk.len() as u64;
            if size > max {
                let _ = writer.abort().await;
                return Err(StorageError::Conflict(format!("文件超过 {max} 字节的上限")));
            }
            hasher.update(&chunk);
            if let Err(e) = writer.wait_for_capacity(2).await {
                // A part could not be written (a full disk): the parts written so far go too.
                let _ = writer.abort().await;
                return Err(store_error(e));
            }
            writer.put(chunk);
        }
        writer.finish().await.map_err(store_error)?;
        Ok((size, hex(&hasher.finalize())))
    }

    /// The object as a stream of chunks, with its size; `range` limits it to those bytes.
    pub async fn get(&self, key: &str, range: Option<std::ops::Range<u64>>) -> Result<(u64, impl Stream<Item = std::result::Result<Bytes, String>>)> {
        let path = ObjectPath::from(key);
        let size = self.store.head(&path).await.map_err(store_error)?.size;
        let options = object_store::GetOptions { range: range.map(Into::into), ..Default::default() };
        let result = self.store.get_opts(&path, options).await.map_err(store_error)?;
        Ok((size, result.into_stream().map(|r| r.map_err(|e| e.to_string()))))
    }

    pub async fn size(&self, key: &str) -> Result<u64> {
        Ok(self.store.head(&ObjectPath::from(key)).await.map_err(store_error)?.size)
    }

    /// Copies an object to another key (replacing what is there); within the store, the bytes
    /// never pass through this process on S3.
    pub async fn copy(&self, from: &str, to: &str) -> Result<()> {
        self.store.copy(&ObjectPath::from(from), &ObjectPath::from(to)).await.map_err(store_error)
    }

    /// Moves an object to another key (replacing what is there).
    pub async fn rename(&self, from: &str, to: &str) -> Result<()> {
        self.store.rename(&ObjectPath::from(from), &ObjectPath::from(to)).await.map_err(store_error)
    }

    pub async fn delete(&self, key: &str) -> Result<()> {
        match self.store.delete(&ObjectPath::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(store_error(e)),
        }
    }
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
