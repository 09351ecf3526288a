//! The resource rules of service QC (02 §6, §7.6), on top of the data scope of `scope`:
//!
//! - a punch record is reachable when it lies within the caller's data scope (else it is
//!   reported missing, so that its existence does not leak);
//! - a QC team, a project team, a school's QC rule belong to a school: the caller must be able
//!   to pick that school; things of the whole group (school 0 / -1: the group's rule, group
//!   project teams) only to callers who see every school;
//! - the staff put in a team must work in schools the caller may pick.

use storage::datacentre::Scope;
use storage::qc::{groups, punches, teams};

use super::scope;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::state::AppState;

/// A caller's reach in QC: their data scope and the schools they may pick (`None` = all).
pub struct Reach {
    pub scope: Scope,
    pub schools: Option<Vec<i64>>,
}

impl Reach {
    pub async fn of(state: &AppState, caller: &Caller) -> Result<Reach, ApiError> {
        let scope = scope::data_scope(state, caller).await?;
        let schools = scope::selectable_schools(state, caller, &scope).await?;
        Ok(Reach { scope, schools })
    }

    pub fn schools(&self) -> Option<&[i64]> {
        self.schools.as_deref()
    }

    /// Refuses a school outside reach; the group (0 or -1) needs every school.
    pub fn check_school(&self, school_id: i64) -> Result<(), ApiError> {
        let allowed = match &self.schools {
            None => true,
            Some(ids) => school_id > 0 && ids.contains(&school_id),
        };
        if allowed {
            Ok(())
        } else if school_id <= 0 {
            Err(ApiError::Forbidden("只有能查看全部学校的账号可以修改集团设置".into()))
        } else {
            Err(ApiError::Forbidden(format!("无权管理该学校（{school_id}）")))
        }
    }

    /// A punch record within scope; `NotFound` otherwise.
    pub async fn punch(&self, state: &AppState, id: i64) -> Result<(), ApiError> {
        if punches::in_scope(&state.db, id, &self.scope).await? {
            Ok(())
        } else {
            Err(ApiError::NotFound("打卡记录不存在".into()))
        }
    }

    /// A QC team of a school within reach; `NotFound` for a missing team.
    pub async fn qc_group(&self, state: &AppState, id: i64) -> Result<(), ApiError> {
        match groups::school_of(&state.db, id).await? {
            Some(school) => self.check_school(school),
            None => Err(ApiError::NotFound(format!("质检组 {id} 不存在"))),
        }
    }

    /// A project team of a school within reach (group teams: callers seeing every school).
    pub async fn team(&self, state: &AppState, id: i64) -> Result<(), ApiError> {
        match teams::team_school(&state.db, id).await? {
            Some(school) => self.check_school(school),
            None => Err(ApiError::NotFound(format!("项目组 {id} 不存在"))),
        }
    }

    /// Every one of `user_ids` is active staff in a school within reach.
    pub async fn staff(&self, state: &AppState, user_ids: &[i64]) -> Result<(), ApiError> {
        let found = teams::count_staff(&state.db, user_ids, self.schools()).await?;
        if found == user_ids.len() as i64 {
            Ok(())
        } else {
            Err(ApiError::Forbidden("所选人员中有不在你管理范围内的员工".into()))
        }
    }
}
